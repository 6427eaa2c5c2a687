import { ActionIcon, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { END_LIES, MISS_DIRECTIONS, type EndLie, type MissDirection, type Shot, type StartLie, type UnitsPair } from '@holeout/golf';
import { useState } from 'react';
import { DANGER } from '../../../lib/theme.ts';
import {
  distanceProblem,
  isPendingDistance,
  LIE_LABELS,
  LIE_ORDER,
  MISS_LABELS,
  parseDistance,
  penaltyOf,
  RESULT_LABELS,
  UNIT_ABBREVIATIONS,
  unitForLie,
} from './round-draft.ts';

/** "Tee 402 yd → Fairway, missed left (+1 penalty)" */
export function describeShot(shot: Shot, next: Shot | undefined, units: UnitsPair): string {
  const miss = shot.miss ? `, missed ${MISS_LABELS[shot.miss].toLowerCase()}` : '';
  const penalty = penaltyOf(shot, next) > 0 ? ' (+1 penalty)' : '';
  const distance = isPendingDistance(shot)
    ? 'distance when the pin is marked'
    : `${shot.dist} ${UNIT_ABBREVIATIONS[unitForLie(units, shot.from)]}`;
  return `${LIE_LABELS[shot.from]} ${distance} → ${RESULT_LABELS[shot.to]}${miss}${penalty}`;
}

/** The shots of the hole on screen, each with an edit button. */
export function HoleShots({ shots, units, onEdit }: { shots: Shot[]; units: UnitsPair; onEdit: (index: number) => void }) {
  if (shots.length === 0) return null;
  return (
    <Stack component="ol" gap={2} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Shots on this hole">
      {shots.map((shot, index) => (
        <Group component="li" key={index} justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm">
            <Text span fw={700}>
              {index + 1}.
            </Text>{' '}
            {describeShot(shot, shots[index + 1], units)}
          </Text>
          <ActionIcon variant="subtle" size={44} aria-label={`Edit shot ${index + 1}`} onClick={() => onEdit(index)}>
            <IconPencil size={20} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}

export interface EditShotDialogProps {
  shotNumber: number;
  shot: Shot;
  /** The shot before it: decides whether the lie and distance may change. */
  previous: Shot | undefined;
  units: UnitsPair;
  onSave: (shot: Shot) => void;
  onDelete: () => void;
  onClose: () => void;
}

/** Changes or deletes one shot of the hole; the shots after it follow (relinked by the draft). */
export function EditShotDialog({ shotNumber, shot, previous, units, onSave, onDelete, onClose }: EditShotDialogProps) {
  const lieFree = previous?.to === 'H';
  const distanceFixed = previous?.to === 'O';
  const [from, setFrom] = useState<StartLie>(shot.from);
  const [distance, setDistance] = useState(isPendingDistance(shot) ? '' : String(shot.dist));
  const [to, setTo] = useState<EndLie>(shot.to);
  const [miss, setMiss] = useState<MissDirection | ''>(shot.miss ?? '');
  const [error, setError] = useState<string | null>(null);
  const unit = UNIT_ABBREVIATIONS[unitForLie(units, from)];

  function save() {
    const problem = distanceFixed ? null : distanceProblem(distance, units, from);
    if (problem) {
      setError(problem);
      return;
    }
    const dist = distanceFixed ? shot.dist : parseDistance(distance)!;
    onSave({ from, dist, to, ...(miss ? { miss } : {}) });
  }

  return (
    <Modal opened onClose={onClose} title={`Edit shot ${shotNumber}`}>
      <Stack>
        {lieFree ? (
          <NativeSelect
            label="Shot lie"
            description="Hazard: played as it lies. Any other lie: a drop, one penalty stroke."
            data={LIE_ORDER.map((lie) => ({ value: lie, label: LIE_LABELS[lie] }))}
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value as StartLie)}
          />
        ) : (
          <Text size="sm">From the {LIE_LABELS[from].toLowerCase()}</Text>
        )}
        <TextInput
          label="Shot distance"
          description={distanceFixed ? 'Replayed from the same spot as the shot out of bounds' : `To the hole, in ${unit}`}
          inputMode="decimal"
          value={distanceFixed ? String(shot.dist) : distance}
          readOnly={distanceFixed}
          error={error}
          rightSection={
            <Text size="sm" c="dimmed" aria-hidden>
              {unit}
            </Text>
          }
          onChange={(event) => setDistance(event.currentTarget.value)}
        />
        <NativeSelect
          label="Shot result"
          data={END_LIES.map((lie) => ({ value: lie, label: RESULT_LABELS[lie] }))}
          value={to}
          onChange={(event) => setTo(event.currentTarget.value as EndLie)}
        />
        <NativeSelect
          label="Shot miss"
          data={[
            { value: '', label: 'No miss recorded' },
            ...MISS_DIRECTIONS.map((direction) => ({ value: direction, label: MISS_LABELS[direction] })),
          ]}
          value={miss}
          onChange={(event) => setMiss(event.currentTarget.value as MissDirection | '')}
        />
        <Group justify="space-between">
          <Button variant="outline" color={DANGER} onClick={onDelete}>
            Delete shot
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={save}>Save shot</Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
