/**
 * "Run diagnosis" and what it answered: a diagnosis (shown at the top of the page by the list the
 * run refreshes), or why there is none. Too few rounds says what a diagnosis needs and what was
 * counted, with Add Round for a player's own game; nothing clearly below the target shows the
 * evidence that says so.
 */
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import type { DiagnoseResponse } from '@holeout/contracts';
import { formatDate } from '@holeout/golf';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { DANGER } from '../../../lib/theme.ts';
import { useRunDiagnosis } from '../api/run-diagnosis.ts';
import { diagnosisPath, roundsNeededWords } from '../lib/diagnosis-view.ts';
import { isNotFound, isPremiumRequired, PremiumNeeded } from './coach-frame.tsx';
import { EvidenceFigure } from './evidence-figure.tsx';

export interface Whose {
  uid: number;
  own: boolean;
  /** "You" for the caller, else the player's name. */
  name: string;
  /** Whether Add Round is offered (a player's own game; coaches do not add rounds). */
  canAddRounds: boolean;
}

function NotEnoughRounds({ answer, whose }: { answer: DiagnoseResponse; whose: Whose }) {
  const { needed, counted } = roundsNeededWords(answer.rounds, answer.holes);
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="Not enough rounds yet">
      <Stack gap="xs">
        <Text size="sm">
          A diagnosis needs at least {needed} with strokes entered shot by shot.{' '}
          {whose.own ? `You have ${counted}.` : `${whose.name} has shared ${counted} with you.`}
        </Text>
        {whose.canAddRounds && (
          <div>
            <Button component={Link} to={paths.scanner} h={44}>
              Add Round
            </Button>
          </div>
        )}
      </Stack>
    </Alert>
  );
}

function NoWeakness({ answer, whose }: { answer: DiagnoseResponse; whose: Whose }) {
  return (
    <Stack gap="sm">
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="Nothing clearly below the target">
        <Text size="sm">
          No part of {whose.own ? 'your' : `${whose.name}\u2019s`} game is clearly below the benchmark
          {answer.rounds !== undefined ? ` over ${answer.rounds} ${answer.rounds === 1 ? 'round' : 'rounds'}` : ''}: every category is at
          the target or within its round-to-round noise. Keep playing and entering rounds, or raise the target in Statistics.
        </Text>
      </Alert>
      {answer.evidence && answer.evidence.length > 0 && <EvidenceFigure evidence={answer.evidence} title="The evidence" />}
    </Stack>
  );
}

/** A diagnosis made more than this before the run was reused: no new rounds came in since. */
const REUSED_AFTER_MS = 60_000;

/** The button, a live line while it runs, and the outcome. */
export function RunDiagnosis({ whose }: { whose: Whose }) {
  const run = useRunDiagnosis();
  const answer = run.data && run.variables === whose.uid ? run.data : undefined;
  const failed = run.isError && run.variables === whose.uid ? run.error : null;
  const found = answer?.diagnosis ?? null;
  const reused = found !== null && new Date(found.created_at).getTime() < run.submittedAt - REUSED_AFTER_MS;
  const status = run.isPending
    ? `Looking at ${whose.own ? 'your' : `${whose.name}\u2019s`} rounds\u2026`
    : found
      ? reused
        ? `No new rounds since ${formatDate(found.created_at)}: that diagnosis still stands (${found.display_name}).`
        : `Diagnosis ready: ${found.display_name}.`
      : '';
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="run-diagnosis-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="run-diagnosis-heading">
          Run diagnosis
        </Title>
        <Text size="sm">
          Looks at {whose.own ? 'your' : `${whose.name}\u2019s`} strokes gained in every category against the benchmark and names the one
          that costs the most strokes per round, with a plan of drills for it. A diagnosis stays the same for 7 days unless new rounds come
          in.
        </Text>
        <div>
          <Button h={48} onClick={() => run.mutate(whose.uid)} loading={run.isPending} data-testid="run-diagnosis">
            Run diagnosis
          </Button>
        </div>
        <Text size="sm" role="status" mih={20}>
          {status}
        </Text>
        {failed &&
          (isPremiumRequired(failed) ? (
            <PremiumNeeded />
          ) : (
            <Alert color={DANGER} variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title="The diagnosis did not run">
              <Text size="sm">
                {isNotFound(failed)
                  ? `${whose.name} does not share rounds with you, or is no longer in your organisations.`
                  : failed.message || 'Check your connection and try again.'}
              </Text>
            </Alert>
          ))}
        {answer?.reason === 'NOT_ENOUGH_ROUNDS' && <NotEnoughRounds answer={answer} whose={whose} />}
        {answer?.reason === 'NO_WEAKNESS' && <NoWeakness answer={answer} whose={whose} />}
        {found && (
          <div>
            <Button component={Link} to={diagnosisPath(found.diagnosis_id, whose.own ? null : whose.uid)} variant="default" h={44}>
              Open the diagnosis
            </Button>
          </div>
        )}
      </Stack>
    </Card>
  );
}
