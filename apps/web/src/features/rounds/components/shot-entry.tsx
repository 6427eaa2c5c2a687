import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { EndLie, MissDirection, StartLie, UnitsPair } from '@holeout/golf';
import { forwardRef, type KeyboardEvent, type ReactNode } from 'react';
import {
  LIE_LABELS,
  LIE_ORDER,
  MISS_GRID,
  MISS_LABELS,
  puttChips,
  RESULT_LABELS,
  RESULT_ORDER,
  UNIT_ABBREVIATIONS,
  unitForLie,
  type NextShot,
} from './round-draft.ts';

/** Every tap target of the entry is at least 48 px high: one thumb, outdoors. */
export const TAP_HEIGHT = 48;

const UNIT_WORDS = { feet: 'feet', yards: 'yards', meters: 'meters' } as const;

export function ParButtons({ par, onChoose }: { par: number | null; onChoose: (par: number) => void }) {
  return (
    <Group gap="xs" role="group" aria-label="Par" wrap="nowrap">
      {[3, 4, 5].map((value) => (
        <Button
          key={value}
          h={TAP_HEIGHT}
          flex={1}
          variant={par === value ? 'filled' : 'default'}
          aria-pressed={par === value}
          onClick={() => onChoose(value)}
        >
          Par {value}
        </Button>
      ))}
    </Group>
  );
}

/** A titled group of buttons (role group with an accessible name). */
const ButtonGroup = forwardRef<HTMLDivElement, { label: string; hint?: ReactNode; children: ReactNode }>(function ButtonGroup(
  { label, hint, children },
  ref,
) {
  const id = `group-${label.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Stack gap={4} role="group" aria-labelledby={id} ref={ref}>
      <Text id={id} size="sm" fw={600}>
        {label}
      </Text>
      {hint}
      {children}
    </Stack>
  );
});

export function LieButtons({ lie, onChoose }: { lie: StartLie | null; onChoose: (lie: StartLie) => void }) {
  return (
    <ButtonGroup
      label="Lie"
      hint={
        <Text size="sm" c="dimmed">
          Hazard: play it as it lies. Any other lie: a drop, one penalty stroke.
        </Text>
      }
    >
      <SimpleGrid cols={3} spacing="xs">
        {LIE_ORDER.map((value) => (
          <Button
            key={value}
            h={TAP_HEIGHT}
            px={4}
            variant={lie === value ? 'filled' : 'default'}
            aria-pressed={lie === value}
            onClick={() => onChoose(value)}
          >
            {LIE_LABELS[value]}
          </Button>
        ))}
      </SimpleGrid>
    </ButtonGroup>
  );
}

/**
 * Where a putt can finish: holed or on the green, and now and then off it (the fringe counts as
 * fairway, or the rough, a bunker, a penalty area), never out of bounds or on a fairway.
 */
export const PUTT_RESULT_ORDER: readonly EndLie[] = ['G', 'I', 'F', 'R', 'S', 'H'];
const PUTT_RESULT_LABELS: Partial<Record<EndLie, string>> = { F: 'Fringe' };

/** The Result group; its ref is the group's element (kept above the number pad while the distance is typed). */
export const ResultButtons = forwardRef<HTMLDivElement, { onChoose: (to: EndLie) => void; disabled: boolean; from: StartLie | null }>(
  function ResultButtons({ onChoose, disabled, from }, ref) {
    const putt = from === 'G';
    return (
      <ButtonGroup label="Result" ref={ref}>
        <SimpleGrid cols={putt ? 2 : 4} spacing="xs">
          {(putt ? PUTT_RESULT_ORDER : RESULT_ORDER).map((to) => (
            <Button
              key={to}
              h={TAP_HEIGHT}
              px={4}
              variant={to === 'I' ? 'light' : 'default'}
              disabled={disabled}
              style={to === 'O' ? { gridColumn: 'span 2' } : undefined}
              onClick={() => onChoose(to)}
            >
              {(putt && PUTT_RESULT_LABELS[to]) || RESULT_LABELS[to]}
            </Button>
          ))}
        </SimpleGrid>
      </ButtonGroup>
    );
  },
);

/** The eight miss directions around the target, for the shot just recorded. Optional. */
export function MissButtons({
  shotNumber,
  miss,
  onChoose,
}: {
  shotNumber: number;
  miss: MissDirection | undefined;
  onChoose: (miss: MissDirection) => void;
}) {
  return (
    <ButtonGroup
      label="Miss"
      hint={
        <Text size="sm" c="dimmed">
          Optional: where shot {shotNumber} missed.
        </Text>
      }
    >
      <SimpleGrid cols={3} spacing={6} maw={360}>
        {MISS_GRID.map((direction, index) =>
          direction === null ? (
            <Text key={`target-${index}`} ta="center" size="xs" c="dimmed" aria-hidden style={{ alignSelf: 'center' }}>
              target
            </Text>
          ) : (
            <Button
              key={direction}
              h={TAP_HEIGHT - 4}
              px={2}
              size="compact-sm"
              variant={miss === direction ? 'filled' : 'default'}
              aria-pressed={miss === direction}
              onClick={() => onChoose(direction)}
            >
              {MISS_LABELS[direction]}
            </Button>
          ),
        )}
      </SimpleGrid>
    </ButtonGroup>
  );
}

export interface DistanceFieldProps {
  units: UnitsPair;
  lie: StartLie | null;
  next: NextShot;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  onFocus?: () => void;
  /** Enter (the keypad's Next key): move on to the result. */
  onEnter?: () => void;
}

/** The distance to the hole, typed on the numeric keypad; the replay after OB is filled in and fixed. */
export const DistanceField = forwardRef<HTMLInputElement, DistanceFieldProps>(function DistanceField(
  { units, lie, next, value, error, onChange, onFocus, onEnter },
  ref,
) {
  const moveOnWithEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || !onEnter) return;
    event.preventDefault();
    onEnter();
  };
  const unit = unitForLie(units, lie ?? 'F');
  const replay = next.kind === 'replay';
  return (
    <Stack gap="xs">
      <TextInput
        ref={ref}
        label="Distance"
        description={replay ? `Replayed from the same spot, ${UNIT_WORDS[unit]} to the hole` : `To the hole, in ${UNIT_WORDS[unit]}`}
        inputMode="decimal"
        enterKeyHint="next"
        autoComplete="off"
        size="lg"
        value={replay ? String(next.dist) : value}
        readOnly={replay}
        error={error}
        onChange={(event) => onChange(event.currentTarget.value)}
        onFocus={onFocus}
        onKeyDown={moveOnWithEnter}
        rightSection={
          <Text size="sm" c="dimmed" aria-hidden>
            {UNIT_ABBREVIATIONS[unit]}
          </Text>
        }
      />
      {lie === 'G' && !replay && (
        <Group gap={6} role="group" aria-label="Putt length">
          {puttChips(units).map((length) => (
            <Button
              key={length}
              h={44}
              miw={52}
              px={6}
              size="compact-sm"
              variant={value === String(length) ? 'filled' : 'light'}
              onClick={() => onChange(String(length))}
            >
              {`${length} ${UNIT_ABBREVIATIONS[unit]}`}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
});
