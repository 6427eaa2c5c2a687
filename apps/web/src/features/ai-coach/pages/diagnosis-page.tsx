/**
 * One diagnosis (route ai-coach/diagnosis, premium; ?diagnosis_id=N, with &uid= when it is one of a
 * coach's players): what it found, the evidence by category as a chart with its table, the findings
 * beside the target's figures, the plan with "Put on my calendar", and the follow-up.
 */
import { Alert, Anchor, Text } from '@mantine/core';
import { formatDate, hasCoachLevel } from '@holeout/golf';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../lib/load-failed.tsx';
import { usePersonName } from '../../../lib/people.ts';
import { positiveId } from '../../../lib/route-params.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useDiagnoses } from '../api/diagnoses.ts';
import { CoachLoading, isNotFound, isPremiumRequired, PremiumNeeded } from '../components/coach-frame.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { DiagnosisSummary } from '../components/diagnosis-summary.tsx';
import { EvidenceFigure } from '../components/evidence-figure.tsx';
import { Findings } from '../components/findings.tsx';
import { FollowUpSection } from '../components/follow-up-section.tsx';
import { PlanSection } from '../components/plan-section.tsx';
import { aiCoachPath } from '../lib/diagnosis-view.ts';

export default function DiagnosisPage() {
  const [params] = useSearchParams();
  const diagnosisId = positiveId(params.get('diagnosis_id'));
  const me = useSession((s) => s.user.uid);
  const coachLevel = useSession((s) => hasCoachLevel(s.subscription));
  const requested = positiveId(params.get('uid'));
  const uid = coachLevel && requested !== null ? requested : me;
  const own = uid === me;
  const otherName = usePersonName(own ? null : uid);
  const who = own ? 'You' : (otherName ?? 'This player');
  const diagnoses = useDiagnoses(diagnosisId === null ? null : uid);
  const back = (
    <Anchor component={Link} to={aiCoachPath(own ? null : uid)} size="sm">
      Back to AI Coach
    </Anchor>
  );

  if (diagnosisId === null) {
    return (
      <PageFrame title="Diagnosis">
        <Text>No diagnosis was chosen. Open one from AI Coach.</Text>
        {back}
      </PageFrame>
    );
  }
  if (diagnoses.isPending) {
    return (
      <PageFrame title="Diagnosis">
        <CoachLoading label="Loading the diagnosis" blocks={3} />
      </PageFrame>
    );
  }
  if (diagnoses.isError) {
    return (
      <PageFrame title="Diagnosis">
        {isPremiumRequired(diagnoses.error) ? (
          <PremiumNeeded />
        ) : isNotFound(diagnoses.error) ? (
          <Alert color="gray" variant="light" title="No such diagnosis">
            <Text size="sm">This diagnosis does not exist, or it is not shared with you.</Text>
          </Alert>
        ) : (
          <LoadFailed title="The diagnosis could not be loaded" onRetry={() => diagnoses.refetch()} />
        )}
        {back}
      </PageFrame>
    );
  }
  const diagnosis = diagnoses.data.find((item) => item.diagnosis_id === diagnosisId);
  if (!diagnosis) {
    return (
      <PageFrame title="Diagnosis">
        <Alert color="gray" variant="light" title="No such diagnosis">
          <Text size="sm">This diagnosis does not exist, or it is not shared with you.</Text>
        </Alert>
        {back}
      </PageFrame>
    );
  }

  return (
    <PageFrame
      title="Diagnosis"
      subtitle={
        <>
          {diagnosis.display_name} · {formatDate(diagnosis.created_at)}
          {own ? '' : ` · ${who}`}
          {' · '}
          {back}
        </>
      }
    >
      <DiagnosisSummary diagnosis={diagnosis} heading="What it found" withLink={false} />
      <EvidenceFigure evidence={diagnosis.evidence} targetLabel={diagnosis.benchmark_label} />
      <Findings diagnosis={diagnosis} who={who} />
      <PlanSection diagnosis={diagnosis} canSchedule={own} who={who} />
      <FollowUpSection diagnosisId={diagnosis.diagnosis_id} playerUid={own ? null : uid} />
    </PageFrame>
  );
}
