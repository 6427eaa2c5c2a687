/** What the diagnosis found, in sentences, and the figures behind it beside the target's. */
import { Card, List, Stack, Text, Title } from '@mantine/core';
import type { Diagnosis } from '@holeout/contracts';
import { DataTable } from '../../../components/charts/chart-figure.tsx';
import { formatFigure, meetsTarget } from '../lib/diagnosis-view.ts';

/** The figures as table rows: the figure (saying so when it is per round), yours, the target's, and whether yours is worse. */
export function figureRows(figures: Diagnosis['figures']): string[][] {
  return figures.map((figure) => {
    const met = meetsTarget(figure);
    return [
      figure.unit === 'per round' && !figure.label.includes('per round') ? `${figure.label} (per round)` : figure.label,
      formatFigure(figure.value, figure.unit),
      formatFigure(figure.target, figure.unit),
      met === null ? '–' : met ? 'At or better' : 'Worse',
    ];
  });
}

/** `who` heads the player's column: 'You', or the player's name for a coach. */
export function Findings({ diagnosis, who = 'You' }: { diagnosis: Diagnosis; who?: string }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="findings-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="findings-heading">
          Findings
        </Title>
        {diagnosis.findings.length > 0 ? (
          <List spacing="xs" size="sm">
            {diagnosis.findings.map((finding) => (
              <List.Item key={finding}>{finding}</List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm">No further findings beyond the strokes gained above.</Text>
        )}
        {diagnosis.figures.length > 0 && (
          <DataTable
            caption={`${who === 'You' ? 'Your figures' : `${who}\u2019s figures`} beside the target's (${diagnosis.benchmark_label})`}
            table={{ columns: ['Figure', who, 'Target', 'Against the target'], rows: figureRows(diagnosis.figures) }}
          />
        )}
      </Stack>
    </Card>
  );
}
