import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCurrentLocation, IconFlag, IconMapPinQuestion } from '@tabler/icons-react';
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
  /** The start position of this shot is kept and the pin not marked yet: the distance follows from it. */
  awaitingPin?: boolean;
}

/** The distance to the hole, typed on the numeric keypad; the replay after OB is filled in and fixed. */
export const DistanceField = forwardRef<HTMLInputElement, DistanceFieldProps>(function DistanceField(
  { units, lie, next, value, error, onChange, onFocus, onEnter, awaitingPin = false },
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
        description={
          replay
            ? `Replayed from the same spot, ${UNIT_WORDS[unit]} to the hole`
            : awaitingPin && value === ''
              ? `Position kept: the distance follows when you mark the pin (or type it, in ${UNIT_WORDS[unit]})`
              : `To the hole, in ${UNIT_WORDS[unit]}`
        }
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

/** "I'm at my ball": the phone's position becomes this shot's start, instead of a typed distance. */
export function AtBallButton({
  shotNumber,
  locating,
  disabled,
  kept,
  hint,
  onTap,
}: {
  shotNumber: number;
  locating: boolean;
  disabled: boolean;
  /** The position of this shot is kept already. */
  kept: boolean;
  hint: string;
  onTap: () => void;
}) {
  return (
    <Stack gap={4}>
      <Button
        h={TAP_HEIGHT}
        fullWidth
        variant={kept ? 'filled' : 'light'}
        leftSection={<IconCurrentLocation size={20} aria-hidden />}
        loading={locating}
        disabled={disabled}
        aria-describedby="at-ball-hint"
        onClick={onTap}
      >
        {kept ? `Position kept for shot ${shotNumber}` : "I'm at my ball"}
      </Button>
      <Text id="at-ball-hint" size="sm" c="dimmed">
        {hint}
      </Text>
    </Stack>
  );
}

/** Marking the pin: the hole's position, to which every kept shot position of that hole is measured. */
export function PinButton({
  holeNumber,
  ofCurrentHole,
  locating,
  onTap,
}: {
  holeNumber: number;
  ofCurrentHole: boolean;
  locating: boolean;
  onTap: () => void;
}) {
  return (
    <Stack gap={4}>
      <Button h={TAP_HEIGHT} fullWidth leftSection={<IconFlag size={20} aria-hidden />} loading={locating} onClick={onTap}>
        {ofCurrentHole ? "I'm at the pin" : `Mark the pin of hole ${holeNumber}`}
      </Button>
      <Text size="sm" c="dimmed">
        {ofCurrentHole
          ? 'When you reach the hole, tap it there: every distance of this hole is measured to it.'
          : `You are at the hole of hole ${holeNumber}: tap it to fill in that hole's distances.`}
      </Text>
    </Stack>
  );
}

/** A position less accurate than the golfer can trust: use it anyway, or type instead. */
export function DoubtfulFix({
  accuracy,
  forPin,
  onUse,
  onDecline,
}: {
  accuracy: number;
  forPin: boolean;
  onUse: () => void;
  onDecline: () => void;
}) {
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconMapPinQuestion size={18} aria-hidden />}
      title={`Your position is only good to within ${Math.round(accuracy)} m`}
      data-testid="doubtful-fix"
    >
      <Stack gap="xs">
        <Text size="sm">
          {forPin
            ? 'The distances of this hole would be measured to it. Use it, or leave the pin unmarked and type the distances.'
            : 'The distance of this shot would be measured from it. Use it, or type the distance.'}
        </Text>
        <Group gap="xs">
          <Button h={44} onClick={onUse}>
            Use this position
          </Button>
          <Button h={44} variant="default" onClick={onDecline}>
            {forPin ? 'Not now' : 'Type the distance'}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
