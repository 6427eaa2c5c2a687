/**
 * Drill progress (route drillprogress, ?drill_id=N[&uid=M][&period=3m|1y|all]): one drill's score
 * over time for one player, the caller or (uid, a coach) one of their players. The line and its
 * trend, the figures of drillProgress (packages/golf) and a table of the same numbers. A drill
 * without a score field shows its results by field values instead.
 */
import { Alert, Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { DrillResponse, DrillResultResponse } from '@holeout/contracts';
import { drillProgress, drillTrendLine, formatStat, PERMISSIONS, type DrillScore } from '@holeout/golf';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { LoadFailed } from '../../../lib/load-failed.tsx';
import { usePersonName } from '../../../lib/people.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { ChartFigure } from '../../../components/charts/chart-figure.tsx';
import { useDrill } from '../api/drills.ts';
import { useDrillResults } from '../api/drill-results.ts';
import { ProgressChart, progressPoints } from '../components/progress-chart.tsx';
import { ProgressFigures, scoreFieldOf, scoreLabelOf } from '../components/progress-figures.tsx';
import { DrillPageLoading, ResultValuesTable } from '../components/progress-frame.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { positiveId } from '../../../lib/route-params.ts';
import { asPeriod, PeriodSwitch, periodStart, periodWords as wordsOf, type ProgressPeriod } from '../components/progress-period.tsx';

const drillPath = (drillId: number) => `${paths.drill}?drill_id=${drillId}`;

function NoResults({
  drill,
  period,
  own,
  name,
  onShowAll,
}: {
  drill: DrillResponse;
  period: ProgressPeriod;
  own: boolean;
  name: string;
  onShowAll: () => void;
}) {
  const words = wordsOf(period);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4">
          {period === 'all' ? 'No results yet' : `No results ${words}`}
        </Title>
        {period !== 'all' ? (
          <>
            <Text size="sm">Older results are not shown in this period.</Text>
            <Button variant="default" h={44} onClick={onShowAll}>
              Show all results
            </Button>
          </>
        ) : own ? (
          <>
            <Text size="sm">
              Record an attempt: add this drill to a practice, lesson or workout, then enter its results there. Each attempt with a score
              adds a point here.
            </Text>
            <Button component={Link} to={drillPath(drill.drill_id)} h={44}>
              Open the drill
            </Button>
          </>
        ) : (
          <Text size="sm">
            {name} has no results of this drill shared with you yet. Results show here once they record attempts in an event they share with
            you.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function NoScoreField({ drill, results, caption }: { drill: DrillResponse; results: DrillResultResponse[]; caption: string }) {
  const canEdit = drill.permissions >= PERMISSIONS.MODIFY;
  return (
    <>
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="Progress needs a score field">
        <Text size="sm">
          This drill has no score, so there is no line to draw.{' '}
          {canEdit ? (
            <>
              <Anchor component={Link} to={drillPath(drill.drill_id)}>
                Edit the drill
              </Anchor>{' '}
              and choose one of its number fields as the score.
            </>
          ) : (
            'Its owner can choose one of its number fields as the score.'
          )}
        </Text>
      </Alert>
      <Stack gap="xs" component="section" aria-labelledby="drill-results-heading">
        <Title order={2} size="h4" id="drill-results-heading">
          Results
        </Title>
        <ResultValuesTable drill={drill} results={results} caption={caption} />
      </Stack>
    </>
  );
}

function Progress({ drill, results, periodWords }: { drill: DrillResponse; results: DrillResultResponse[]; periodWords: string }) {
  const field = scoreFieldOf(drill)!;
  const scoreLabel = scoreLabelOf(field);
  const scores: DrillScore[] = results
    .filter((result) => result.score !== null)
    .map((result) => ({ time: result.time, score: result.score! }));
  const unscored = results.length - scores.length;
  if (scores.length === 0) {
    return (
      <>
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="No scored attempts">
          <Text size="sm">None of these attempts recorded {field.label}, the drill&apos;s score, so there is no line to draw yet.</Text>
        </Alert>
        <ResultValuesTable drill={drill} results={results} caption={`Results ${periodWords}`} />
      </>
    );
  }
  const progress = drillProgress(scores, drill.higher_is_better);
  const points = progressPoints(scores, drillTrendLine(scores));
  return (
    <>
      <Stack gap="xs" component="section" aria-labelledby="drill-figures-heading">
        <Title order={2} size="h4" id="drill-figures-heading">
          Figures
        </Title>
        <Text size="sm" c="dimmed">
          {scoreLabel}, {drill.higher_is_better ? 'higher' : 'lower'} is better; {periodWords}.
        </Text>
        <ProgressFigures progress={progress} higherIsBetter={drill.higher_is_better} />
      </Stack>
      <ChartFigure
        title="Score over time"
        definition={`Each attempt's ${field.label.toLowerCase()}, oldest to newest. The dashed line is the trend: the straight line closest to the scores (least squares); its slope is the trend per 30 days. Recent form is the average of the latest 5 attempts.`}
        note={`${scores.length} ${scores.length === 1 ? 'attempt' : 'attempts'} with a score${unscored > 0 ? `; ${unscored} without one ${unscored === 1 ? 'is' : 'are'} left out` : ''}.`}
        chart={<ProgressChart points={points} best={progress.best} scoreLabel={scoreLabel} />}
        caption={`Scores ${periodWords}, oldest first`}
        table={{
          newestLast: true,
          columns: ['Date', scoreLabel],
          rows: scores.map((score) => [formatDateTime(score.time), formatStat(score.score)]),
        }}
      />
    </>
  );
}

export default function DrillProgressPage() {
  const [params, setParams] = useSearchParams();
  const drillId = positiveId(params.get('drill_id'));
  const requestedUid = positiveId(params.get('uid'));
  const me = useSession((s) => s.user.uid);
  const playerUid = requestedUid ?? me;
  const own = playerUid === me;
  const period = asPeriod(params.get('period'));
  const from = useMemo(() => periodStart(period), [period]);
  const drill = useDrill(drillId);
  const results = useDrillResults(drillId, own ? { from } : { uids: [playerUid], from });
  const playerName = usePersonName(own ? null : playerUid);
  const whose = own ? 'Your results' : playerName === undefined ? 'A player\u2019s results' : `${playerName}\u2019s results`;

  const choosePeriod = (value: ProgressPeriod) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'all') next.delete('period');
        else next.set('period', value);
        return next;
      },
      { replace: true },
    );

  if (drillId === null) {
    return (
      <PageFrame title="Drill progress">
        <Text>
          No drill was chosen. Open one from{' '}
          <Anchor component={Link} to={paths.drills}>
            your drills
          </Anchor>{' '}
          to see its progress.
        </Text>
      </PageFrame>
    );
  }
  if (drill.isPending) {
    return (
      <PageFrame title="Drill progress">
        <DrillPageLoading label="Loading the drill" />
      </PageFrame>
    );
  }
  if (drill.isError) {
    return (
      <PageFrame title="Drill progress">
        <LoadFailed title="The drill could not be loaded" onRetry={() => drill.refetch()} />
      </PageFrame>
    );
  }
  if (!drill.data) {
    return (
      <PageFrame title="Drill progress">
        <Alert color="gray" variant="light" title="No such drill">
          <Text size="sm">This drill does not exist, or it is not shared with you.</Text>
        </Alert>
        <Anchor component={Link} to={paths.drills}>
          Back to your drills
        </Anchor>
      </PageFrame>
    );
  }

  const theDrill = drill.data;
  const periodWords = wordsOf(period);
  // Without uids the API answers everyone's results the caller may see: keep the player's own.
  const playerResults = (results.data ?? []).filter((result) => result.uid === playerUid);
  return (
    <PageFrame
      title="Drill progress"
      subtitle={
        <>
          <Text span fw={600} c="var(--mantine-color-text)">
            {theDrill.title}
          </Text>
          {' · '}
          {whose}
          {!own && (
            <>
              {' · '}
              <Anchor component={Link} to={`${paths.drillresultsTeam}?drill_id=${theDrill.drill_id}`} size="sm">
                All your players
              </Anchor>
            </>
          )}
        </>
      }
    >
      <PeriodSwitch period={period} onChange={choosePeriod} />
      {results.isPending ? (
        <DrillPageLoading label="Loading the results" />
      ) : results.isError ? (
        <LoadFailed title="The results could not be loaded" onRetry={() => results.refetch()} />
      ) : playerResults.length === 0 ? (
        <NoResults drill={theDrill} period={period} own={own} name={playerName ?? 'This player'} onShowAll={() => choosePeriod('all')} />
      ) : scoreFieldOf(theDrill) === null ? (
        <NoScoreField drill={theDrill} results={playerResults} caption={`Results ${periodWords}, oldest first`} />
      ) : (
        <Progress drill={theDrill} results={playerResults} periodWords={periodWords} />
      )}
    </PageFrame>
  );
}
