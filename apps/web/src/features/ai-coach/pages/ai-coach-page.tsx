/**
 * AI Coach (route ai-coach, premium; ?uid= for a coach's player): the latest diagnosis at the top,
 * Run diagnosis with what it answered, and the history of diagnoses. A coach-level user picks
 * whose game it looks at: themself or one of the players who share rounds with them.
 */
import { Card, Stack, Text, Title } from '@mantine/core';
import { hasCoachLevel } from '@holeout/golf';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../../lib/load-failed.tsx';
import { usePersonName } from '../../../lib/people.ts';
import { positiveId } from '../../../lib/route-params.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useDiagnoses } from '../api/diagnoses.ts';
import { CoachLoading, isNotFound, isPremiumRequired, PremiumNeeded } from '../components/coach-frame.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { DiagnosisHistoryItem, DiagnosisSummary } from '../components/diagnosis-summary.tsx';
import { PlayerPicker } from '../components/player-picker.tsx';
import { RunDiagnosis, type Whose } from '../components/run-diagnosis.tsx';
import { roundsNeededWords } from '../lib/diagnosis-view.ts';

function NoDiagnosisYet({ whose }: { whose: Whose }) {
  const { needed } = roundsNeededWords(0, 0);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="latest-diagnosis-heading" data-testid="no-diagnosis">
      <Stack gap="xs">
        <Title order={2} size="h4" id="latest-diagnosis-heading">
          No diagnosis yet
        </Title>
        <Text size="sm">
          Run diagnosis below to find the part of {whose.own ? 'your' : `${whose.name}\u2019s`} game that costs the most strokes. It needs
          at least {needed} entered shot by shot{whose.own ? '' : ' and shared with you'}.
        </Text>
      </Stack>
    </Card>
  );
}

export default function AiCoachPage() {
  const [params, setParams] = useSearchParams();
  const me = useSession((s) => s.user.uid);
  const coachLevel = useSession((s) => hasCoachLevel(s.subscription));
  const isCoach = useSession((s) => s.user.is_coach);
  const requested = positiveId(params.get('uid'));
  // Only a coach-level user looks at another player's game; anyone else sees their own.
  const uid = coachLevel && requested !== null ? requested : me;
  const own = uid === me;
  const otherName = usePersonName(own ? null : uid);
  const whose: Whose = { uid, own, name: own ? 'You' : (otherName ?? 'This player'), canAddRounds: own && !isCoach };
  const diagnoses = useDiagnoses(uid);
  const linkUid = own ? null : uid;

  const choose = (next: number) =>
    setParams(
      (current) => {
        const query = new URLSearchParams(current);
        if (next === me) query.delete('uid');
        else query.set('uid', String(next));
        return query;
      },
      { replace: true },
    );

  const subtitle = own
    ? 'The one part of your game that costs the most strokes against your benchmark, and a plan of drills for it.'
    : `The one part of ${whose.name}\u2019s game that costs the most strokes against their benchmark, and a plan of drills for it.`;

  if (diagnoses.isError && isPremiumRequired(diagnoses.error)) {
    return (
      <PageFrame title="AI Coach" subtitle={subtitle}>
        <PremiumNeeded />
      </PageFrame>
    );
  }

  const list = diagnoses.data ?? [];
  const latest = list[0];
  return (
    <PageFrame title="AI Coach" subtitle={subtitle}>
      {coachLevel && <PlayerPicker me={me} chosen={uid} onChoose={choose} />}
      {diagnoses.isPending ? (
        <CoachLoading label="Loading the diagnoses" blocks={1} />
      ) : diagnoses.isError ? (
        <LoadFailed title="The diagnoses could not be loaded" onRetry={() => diagnoses.refetch()}>
          {isNotFound(diagnoses.error) && (
            <Text size="sm">{whose.name} does not share rounds with you, or is no longer in your organisations.</Text>
          )}
        </LoadFailed>
      ) : latest ? (
        <DiagnosisSummary diagnosis={latest} heading="Latest diagnosis" linkUid={linkUid} />
      ) : (
        <NoDiagnosisYet whose={whose} />
      )}
      <RunDiagnosis whose={whose} />
      {list.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="diagnosis-history-heading">
          <Title order={2} size="h4" id="diagnosis-history-heading">
            History
          </Title>
          <Text size="sm" c="dimmed">
            Every diagnosis, newest first: open one for its evidence, plan and follow-up.
          </Text>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.map((diagnosis) => (
              <DiagnosisHistoryItem key={diagnosis.diagnosis_id} diagnosis={diagnosis} linkUid={linkUid} />
            ))}
          </Stack>
        </Stack>
      )}
    </PageFrame>
  );
}
