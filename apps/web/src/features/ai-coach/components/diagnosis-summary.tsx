/**
 * One diagnosis in brief: the category, the strokes to gain per round against the target, how sure
 * it is (in words), what it counted and the narrative; on AI Coach also the way to the diagnosis.
 */
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Diagnosis } from '@holeout/contracts';
import { formatDate } from '@holeout/golf';
import { useId } from 'react';
import { Link } from 'react-router';
import { CONFIDENCE_WORDS, diagnosisPath, strokesToGainOf, strokesWords } from '../lib/diagnosis-view.ts';

export function DiagnosisSummary({
  diagnosis,
  heading,
  linkUid,
  withLink = true,
}: {
  diagnosis: Diagnosis;
  heading: string;
  /** The player in the diagnosis' address when it is not the caller's own. */
  linkUid?: number | null;
  withLink?: boolean;
}) {
  const id = useId();
  const confidence = CONFIDENCE_WORDS[diagnosis.confidence];
  const toGain = strokesToGainOf(diagnosis);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`${id}-heading`} data-testid="diagnosis-summary">
      <Stack gap="sm">
        <Stack gap={2}>
          <Text size="sm" c="dimmed" id={`${id}-heading`} component="h2" m={0} fw={600}>
            {heading}
          </Text>
          <Title order={3} size="h3" data-testid="diagnosis-category">
            {diagnosis.display_name}
          </Title>
        </Stack>
        <Text fw={600} data-testid="strokes-to-gain">
          {strokesWords(toGain)} to gain per round against {diagnosis.benchmark_label}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color="gray" size="lg" style={{ textTransform: 'none' }}>
            Confidence: {confidence.label}
          </Badge>
          <Text size="sm" c="dimmed">
            {confidence.meaning}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          From {diagnosis.rounds} {diagnosis.rounds === 1 ? 'round' : 'rounds'} ({diagnosis.holes} holes),{' '}
          {formatDate(diagnosis.created_at)}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="diagnosis-narrative">
          {diagnosis.narrative}
        </Text>
        {withLink && (
          <div>
            <Button component={Link} to={diagnosisPath(diagnosis.diagnosis_id, linkUid)} h={44} variant="light">
              See the diagnosis
            </Button>
          </div>
        )}
      </Stack>
    </Card>
  );
}

/** A line of the history: date, category and strokes to gain, the whole line a link to the diagnosis. */
export function DiagnosisHistoryItem({ diagnosis, linkUid }: { diagnosis: Diagnosis; linkUid?: number | null }) {
  return (
    <Card component="li" withBorder padding="xs" radius="md" data-testid="diagnosis-history-item">
      <Anchor component={Link} to={diagnosisPath(diagnosis.diagnosis_id, linkUid)} underline="never" display="block" mih={44}>
        <Group justify="space-between" wrap="wrap" gap={4}>
          <Text span fw={600} td="underline">
            {diagnosis.display_name}
          </Text>
          <Text span size="sm" c="var(--mantine-color-text)">
            {formatDate(diagnosis.created_at)}
          </Text>
        </Group>
        <Text size="sm" c="var(--mantine-color-text)">
          {strokesWords(strokesToGainOf(diagnosis))} to gain per round against {diagnosis.benchmark_label}
        </Text>
      </Anchor>
    </Card>
  );
}
