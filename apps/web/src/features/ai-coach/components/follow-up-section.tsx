/**
 * The follow-up of a diagnosis: strokes gained in its category per round, before and after the
 * diagnosis, as a line with a table of the same numbers; the averages and the trend since; the
 * results of the plan's drills; and the verdict (which needs 3 rounds after the diagnosis).
 */
import { Alert, Anchor, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { FollowUpResponse } from '@holeout/contracts';
import { formatDate, formatStat, seriesColour } from '@holeout/golf';
import { Link } from 'react-router';
import { ChartFigure, DataTable } from '../../../components/charts/chart-figure.tsx';
import { StatLineChart } from '../../../components/charts/stat-charts.tsx';
import { LoadFailed } from '../../../lib/load-failed.tsx';
import { paths } from '../../../lib/paths.ts';
import { useFollowUp } from '../api/follow-up.ts';
import { formatSigned, NO_VALUE, trendWords, VERDICT_LABELS, VERDICT_MIN_ROUNDS, waitingForVerdict } from '../lib/diagnosis-view.ts';

const BEFORE_COLOUR = seriesColour(0);
const AFTER_COLOUR = seriesColour(2);

/** The chart's points: one per round, its value in the series of its side of the diagnosis. */
export function followUpPoints(rounds: FollowUpResponse['rounds']) {
  return rounds.map((round, index) => ({
    // Two rounds on one day stay two points: the index keeps the labels apart.
    label: `${formatDate(round.start)}${rounds.filter((other) => formatDate(other.start) === formatDate(round.start)).length > 1 ? ` #${index + 1}` : ''}`,
    before: round.after ? null : round.sg_per_18,
    after: round.after ? round.sg_per_18 : null,
  }));
}

function FollowUpChart({ rounds }: { rounds: FollowUpResponse['rounds'] }) {
  return (
    <StatLineChart
      data={followUpPoints(rounds)}
      dataKey="label"
      series={[
        { name: 'before', label: 'Before the diagnosis', color: BEFORE_COLOUR, strokeDasharray: '6 4' },
        { name: 'after', label: 'After the diagnosis', color: AFTER_COLOUR },
      ]}
      withLegend
      withTooltip={false}
      valueFormatter={(value) => formatSigned(value)}
      referenceLines={[{ y: 0, color: 'gray.7' }]}
      xAxisProps={{ tick: { fontSize: 12, fill: 'var(--mantine-color-text)' }, minTickGap: 16 }}
      yAxisProps={{ tick: { fontSize: 12, fill: 'var(--mantine-color-text)' }, width: 48 }}
      dotProps={{ r: 3, strokeWidth: 2 }}
    />
  );
}

function DrillResults({ results, playerUid }: { results: FollowUpResponse['drill_results']; playerUid: number | null }) {
  if (results.length === 0) return null;
  const progressPath = (drillId: number) => `${paths.drillprogress}?drill_id=${drillId}${playerUid === null ? '' : `&uid=${playerUid}`}`;
  const attempted = results.some((drill) => drill.results.some((result) => result.score !== null));
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="plan-drill-results-heading">
      <Stack gap="sm">
        <Title order={3} size="h4" id="plan-drill-results-heading">
          The plan&apos;s drills since the diagnosis
        </Title>
        {!attempted && <Text size="sm">No scored attempts yet: results recorded in the plan&apos;s practices show here.</Text>}
        <DataTable
          caption="Scored attempts of the plan's drills since the diagnosis"
          table={{
            columns: ['Drill', 'Attempts', 'First', 'Latest'],
            rows: results.map((drill) => {
              const scored = drill.results.filter((result) => result.score !== null);
              return [
                `${drill.title} (${drill.higher_is_better ? 'higher' : 'lower'} is better)`,
                scored.length,
                scored.length > 0 ? formatStat(scored[0]!.score) : NO_VALUE,
                scored.length > 0 ? formatStat(scored[scored.length - 1]!.score) : NO_VALUE,
              ];
            }),
          }}
        />
        <Stack gap={4}>
          {results.map((drill) => (
            <Anchor key={drill.drill_id} component={Link} to={progressPath(drill.drill_id)} size="sm" mih={28}>
              Progress of {drill.title}
            </Anchor>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

function Verdict({ followUp }: { followUp: FollowUpResponse }) {
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconInfoCircle size={18} aria-hidden />}
      title={followUp.verdict === null ? 'No verdict yet' : `Verdict: ${VERDICT_LABELS[followUp.verdict]}`}
      data-testid="follow-up-verdict"
    >
      <Text size="sm">
        {followUp.verdict === null && followUp.after_rounds < VERDICT_MIN_ROUNDS
          ? waitingForVerdict(followUp.after_rounds)
          : followUp.verdict_text}
      </Text>
    </Alert>
  );
}

export function FollowUpSection({ diagnosisId, playerUid }: { diagnosisId: number; playerUid: number | null }) {
  const followUp = useFollowUp(diagnosisId);
  return (
    <Stack gap="sm" component="section" aria-labelledby="follow-up-heading">
      <Title order={2} size="h3" id="follow-up-heading">
        Follow-up
      </Title>
      {followUp.isPending ? (
        <Stack gap="sm" role="status" aria-label="Loading the follow-up">
          <Skeleton height={240} radius="md" />
        </Stack>
      ) : followUp.isError ? (
        <LoadFailed title="The follow-up could not be loaded" onRetry={() => followUp.refetch()} />
      ) : (
        <FollowUpBody followUp={followUp.data} playerUid={playerUid} />
      )}
    </Stack>
  );
}

function FollowUpBody({ followUp, playerUid }: { followUp: FollowUpResponse; playerUid: number | null }) {
  const trend = trendWords(followUp.trend_per_round);
  return (
    <>
      <Verdict followUp={followUp} />
      {followUp.rounds.length === 0 ? (
        <Card withBorder radius="md" padding="md">
          <Text size="sm">No rounds with shots in {followUp.display_name} yet. Each round entered shot by shot adds a point here.</Text>
        </Card>
      ) : (
        <ChartFigure
          title={`${followUp.display_name} per round`}
          definition="Strokes gained in this category in each round, per 18 holes, against the diagnosis' target: 0 (the grey line) is the target. Rounds before the diagnosis are dashed, rounds after it solid. The trend is the slope of the straight line closest to the rounds after (least squares), per round."
          note={
            <Stack gap={2}>
              <Text size="sm" data-testid="follow-up-means">
                Average before: {formatSigned(followUp.before_mean)} · after: {formatSigned(followUp.after_mean)} ({followUp.after_rounds}{' '}
                {followUp.after_rounds === 1 ? 'round' : 'rounds'} after)
              </Text>
              <Text size="sm">
                {trend === null ? 'Trend: needs 2 rounds after the diagnosis.' : `Trend since the diagnosis: ${trend}.`}
              </Text>
            </Stack>
          }
          chart={<FollowUpChart rounds={followUp.rounds} />}
          caption={`Strokes gained per 18 holes in ${followUp.display_name}, oldest first`}
          table={{
            newestLast: true,
            columns: ['Date', 'Strokes gained per 18', 'Holes', 'When'],
            rows: followUp.rounds.map((round) => [
              formatDate(round.start),
              formatSigned(round.sg_per_18),
              round.holes,
              round.after ? 'After' : 'Before',
            ]),
          }}
        />
      )}
      <DrillResults results={followUp.drill_results} playerUid={playerUid} />
    </>
  );
}
