import { Alert, Button, Card, Group, NativeSelect, NumberInput, Radio, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  BENCHMARK_LABELS,
  BENCHMARK_LEVELS,
  DEFAULT_UNITS,
  PLAYER_LEVELS,
  UNITS_PAIRS,
  type BenchmarkLevel,
  type PlayerLevel,
} from '@holeout/golf';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { safeNextPath } from '../../../lib/next-path.ts';
import { paths } from '../../../lib/paths.ts';
import { session } from '../../../lib/session/session.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { updateAccount } from '../api/update-account.ts';
import { HANDICAP_MAX, HANDICAP_MIN, suggestedBenchmark, unitsPairOf, type LongUnit, type PuttUnit } from '../components/setup-defaults.ts';

// A native select: the phone's own picker.
const levelOptions = [{ value: '', label: 'Not set' }, ...PLAYER_LEVELS.map((level) => ({ value: level, label: level }))];
const isLevel = (value: string | null): value is PlayerLevel => (PLAYER_LEVELS as readonly string[]).includes(value ?? '');
const isBenchmark = (value: string): value is BenchmarkLevel => (BENCHMARK_LEVELS as readonly string[]).includes(value);
const PUTT_UNITS: ReadonlyArray<[PuttUnit, string]> = [
  ['FEET', 'Feet'],
  ['YARDS', 'Yards'],
  ['METERS', 'Meters'],
];
const LONG_UNITS: ReadonlyArray<[LongUnit, string]> = [
  ['YARDS', 'Yards'],
  ['METERS', 'Meters'],
];
const toUpper = (unit: 'feet' | 'yards' | 'meters') => unit.toUpperCase() as PuttUnit;

/** A handicap index as typed: null when empty, NaN when it is not a number in range. */
function handicapOf(value: string | number): number | null {
  if (value === '' || value === '-') return null;
  const handicap = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(handicap) && handicap >= HANDICAP_MIN && handicap <= HANDICAP_MAX ? handicap : Number.NaN;
}

/**
 * The first-run Set up, asked once after the e-mail is verified: level or handicap, the benchmark
 * the statistics compare against (offered from the level or handicap until chosen), and units.
 * Saving goes through the usual profile and settings calls; saving or skipping ends it for good
 * (the account's setup_pending), and the user goes on to where they were headed (`next`).
 */
export default function SetupPage() {
  const user = useSession((s) => s.user);
  const savedUnits = useSession((s) => s.settings?.units ?? DEFAULT_UNITS);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next')) ?? paths.root;
  const [level, setLevel] = useState<PlayerLevel | null>(user.level);
  const [handicapText, setHandicapText] = useState<string | number>('');
  const [chosenBenchmark, setChosenBenchmark] = useState<BenchmarkLevel | null>(null);
  const [putt, setPutt] = useState<PuttUnit | null>(null);
  const [long, setLong] = useState<LongUnit | null>(null);
  const [finishing, setFinishing] = useState<'save' | 'skip' | null>(null);
  const [handicapError, setHandicapError] = useState<string | null>(null);

  // Asked once: after a save or a skip (here or on another device) the page is never shown again.
  if (!user.setup_pending && finishing === null) return <Navigate to={next} replace />;

  const handicap = handicapOf(handicapText);
  const benchmark = chosenBenchmark ?? suggestedBenchmark(level, handicap === null || Number.isNaN(handicap) ? null : handicap);
  const puttUnit = putt ?? toUpper(UNITS_PAIRS[savedUnits].putt);
  const longUnit = long ?? (UNITS_PAIRS[savedUnits].long === 'meters' ? 'METERS' : 'YARDS');

  async function finish(kind: 'save' | 'skip', work: () => Promise<void>) {
    setFinishing(kind);
    try {
      await work();
      session.setUser({ ...session.store.get().user, setup_pending: false });
      navigate(next, { replace: true });
    } catch {
      // The api client has said what went wrong; the form stays as it was.
      setFinishing(null);
    }
  }

  function onSave(event: FormEvent) {
    event.preventDefault();
    if (handicap !== null && Number.isNaN(handicap)) {
      setHandicapError(`A handicap index is from ${HANDICAP_MIN} (plus ${-HANDICAP_MIN}) to ${HANDICAP_MAX}`);
      return;
    }
    setHandicapError(null);
    void finish('save', async () => {
      const saved = await updateAccount({
        email: user.email,
        first_name: user.first_name,
        last_name: user.last_name,
        level,
        benchmark,
      });
      session.setUser(saved);
      await session.saveSettings({ units: unitsPairOf(puttUnit, longUnit), setup_done: true });
    });
  }

  function onSkip() {
    void finish('skip', async () => {
      await session.saveSettings({ setup_done: true });
    });
  }

  return (
    <Stack maw={560} mx="auto" w="100%">
      <Title order={1} size="h2">
        Set up
      </Title>
      <Text>Your e-mail is verified. Three quick choices and your statistics fit your game; you can change them later in My Profile.</Text>
      <Card withBorder component="form" onSubmit={onSave} noValidate aria-labelledby="setup-game-heading">
        <Stack>
          <Title order={2} size="h3" id="setup-game-heading">
            Your game
          </Title>
          <NativeSelect
            label="Level"
            data={levelOptions}
            value={level ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setLevel(isLevel(value) ? value : null);
            }}
          />
          <NumberInput
            label="Handicap index (optional)"
            description="A plus handicap is negative, e.g. -2. It only suggests a benchmark and is not saved."
            value={handicapText}
            onChange={setHandicapText}
            min={HANDICAP_MIN}
            max={HANDICAP_MAX}
            decimalScale={1}
            step={0.1}
            inputMode="decimal"
            clampBehavior="none"
            error={handicapError}
          />
          <Radio.Group
            label="Benchmark"
            description={chosenBenchmark ? 'Your statistics compare you with this golfer' : 'Suggested from your level or handicap'}
            value={benchmark}
            onChange={(value) => setChosenBenchmark(isBenchmark(value) ? value : null)}
          >
            <Stack gap="xs" mt="xs">
              {BENCHMARK_LEVELS.map((option) => (
                <Radio key={option} value={option} label={BENCHMARK_LABELS[option]} />
              ))}
            </Stack>
          </Radio.Group>
          <Radio.Group label="Long distances" value={longUnit} onChange={(value) => setLong(value === 'METERS' ? 'METERS' : 'YARDS')}>
            <Group mt="xs">
              {LONG_UNITS.map(([unit, label]) => (
                <Radio key={unit} value={unit} label={label} />
              ))}
            </Group>
          </Radio.Group>
          <Radio.Group
            label="Putts"
            value={puttUnit}
            onChange={(value) => setPutt(PUTT_UNITS.find(([unit]) => unit === value)?.[0] ?? 'FEET')}
          >
            <Group mt="xs">
              {PUTT_UNITS.map(([unit, label]) => (
                <Radio key={unit} value={unit} label={label} />
              ))}
            </Group>
          </Radio.Group>
          <Alert color="gray" icon={<IconInfoCircle aria-hidden />} variant="light">
            <Text size="sm">This is asked once. Skip keeps the defaults: the 90 golfer benchmark, yards and feet.</Text>
          </Alert>
          <Group justify="space-between">
            <Button variant="subtle" onClick={onSkip} loading={finishing === 'skip'} disabled={finishing === 'save'}>
              Skip
            </Button>
            <Button type="submit" loading={finishing === 'save'} disabled={finishing === 'skip'}>
              Save
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
