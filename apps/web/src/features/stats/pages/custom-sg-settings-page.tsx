import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconCheck } from '@tabler/icons-react';
import type { CustomSgSettings } from '@holeout/contracts';
import { roundTo } from '@holeout/golf';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { mantineToaster } from '../../../lib/notify.ts';
import { invalidateStatistics } from '../../../lib/query-client.ts';
import { session } from '../../../lib/session/session.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { DANGER, TOUCH_SEGMENTS } from '../../../lib/theme.ts';
// The preview scores rounds in the browser (the golf engine) and draws a chart: loaded after the form, so the page opens light.
const SgTargetPreview = lazy(() => import('../components/sg-target-preview.tsx').then((module) => ({ default: module.SgTargetPreview })));
import {
  BOUNDARY_FIELDS,
  checkDraft,
  defaultBoundaryTexts,
  draftFromSettings,
  handicapTarget,
  type BoundaryKey,
  type CustomSgDraft,
  type FieldKey,
  type TargetMode,
} from '../lib/custom-sg-form.ts';
import { toPlayerRound, useLatestRoundEvents } from '../lib/sg-round-events.ts';
import { unitAbbreviation } from '../lib/format.ts';
import { useUnits } from '../lib/player-view.ts';
import { benchmarkChoice, chooseBenchmark } from '../lib/stats-view.ts';

/** How long typing pauses before the preview is scored again. */
const PREVIEW_DEBOUNCE_MS = 250;

const FIELD_ORDER: FieldKey[] = [
  'score',
  'handicap_index',
  'course_rating',
  'slope',
  'target',
  ...BOUNDARY_FIELDS.map((field) => field.key),
];
const fieldId = (field: FieldKey) => `custom-sg-${field}`;

const TARGET_MODES: { value: TargetMode; label: string }[] = [
  { value: 'score', label: 'Target score' },
  { value: 'handicap', label: 'Handicap index' },
];

function useSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (custom: CustomSgSettings | null) => session.saveSettings({ custom_sg: custom }),
    // Every statistic reads the target and the distances: drop what was computed with the old ones.
    onSuccess: () => invalidateStatistics(queryClient),
  });
}

/** Strokes gained settings (route custom-sg-settings): the user's own target and the category distances. */
export default function CustomSgSettingsPage() {
  // The form starts from the saved settings, so it waits for them (they arrive just after sign-in).
  const loaded = useSession((s) => s.settings !== null);
  if (!loaded) {
    return (
      <Stack gap="lg" maw={1100} aria-busy="true">
        <Title order={1} size="h2">
          Strokes gained settings
        </Title>
        <Skeleton height={320} radius="md" />
      </Stack>
    );
  }
  return <CustomSgForm />;
}

function CustomSgForm() {
  const units = useUnits();
  const uid = useSession((s) => s.user.uid);
  const saved = useSession((s) => s.settings?.custom_sg ?? null);
  const navigate = useNavigate();
  const [start] = useState(() => draftFromSettings(saved, units));
  const [origin, setOrigin] = useState(start.origin);
  const [draft, setDraft] = useState<CustomSgDraft>(start.draft);
  const [touched, setTouched] = useState<Partial<Record<FieldKey, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  const save = useSettingsMutation();
  const remove = useSettingsMutation();

  const check = useMemo(() => checkDraft(draft, units, origin), [draft, units, origin]);
  const [debounced] = useDebouncedValue(draft, PREVIEW_DEBOUNCE_MS);
  const previewSettings = useMemo(() => checkDraft(debounced, units, origin).value, [debounced, units, origin]);

  const latest = useLatestRoundEvents(uid);
  const rounds = useMemo(() => (latest.data ?? []).map(toPlayerRound).filter((round) => round !== null), [latest.data]);

  const errorOf = (field: FieldKey) => (submitted || touched[field] ? check.errors[field] : undefined);
  const touch = (field: FieldKey) => setTouched((previous) => ({ ...previous, [field]: true }));
  const edit = (change: Partial<CustomSgDraft>) => {
    setJustSaved(false);
    setDraft((previous) => ({ ...previous, ...change }));
  };
  const editBoundary = (key: BoundaryKey, value: string) => edit({ boundaries: { ...draft.boundaries, [key]: value } });

  function restart(custom: CustomSgSettings | null) {
    const next = draftFromSettings(custom, units);
    setOrigin(next.origin);
    setDraft(next.draft);
    setTouched({});
    setSubmitted(false);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!check.value) {
      // To the first field to fix, in the order of the form.
      const first = FIELD_ORDER.find((field) => check.errors[field]);
      if (first) document.getElementById(fieldId(first === 'target' ? 'handicap_index' : first))?.focus();
      return;
    }
    save.mutate(check.value, {
      onSuccess: (settings) => {
        restart(settings.custom_sg ?? check.value);
        setJustSaved(true);
        mantineToaster.show('Your target is saved', 'success');
      },
    });
  }

  function confirmRemove() {
    modals.openConfirmModal({
      title: 'Remove my target',
      children: <Text size="sm">Your statistics go back to the named benchmarks, and the distances back to the defaults.</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: DANGER },
      onConfirm: () =>
        remove.mutate(null, {
          onSuccess: () => {
            if (benchmarkChoice.get() === 'CUSTOM') chooseBenchmark(null);
            restart(null);
            setJustSaved(false);
            mantineToaster.show('Your target is removed', 'success');
          },
        }),
    });
  }

  function showStatistics() {
    chooseBenchmark('CUSTOM');
    void navigate(paths.home);
  }

  const target = draft.mode === 'handicap' ? handicapTarget(draft) : null;
  const longUnit = unitAbbreviation(units, 'long');
  const puttUnit = unitAbbreviation(units, 'putt');

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Strokes gained settings
        </Title>
        <Text>
          Measure your strokes gained against a target of your own, and choose the distances that split your shots into approach, short game
          and putting. Your target appears as “My target” in the benchmark switch of every statistics page.
        </Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <form onSubmit={onSubmit} noValidate aria-label="Strokes gained settings">
          <Stack gap="md">
            <Card withBorder radius="md" padding="md" component="section" aria-labelledby="target-heading">
              <Stack gap="sm">
                <Title order={2} size="h4" id="target-heading">
                  My target
                </Title>
                <Text size="sm" c="dimmed">
                  The score you measure yourself against: 74 reads like a scratch golfer, 80, 90 and 100 like those golfers.
                </Text>
                <SegmentedControl
                  aria-label="Set the target by"
                  value={draft.mode}
                  onChange={(value) => edit({ mode: value as TargetMode })}
                  data={TARGET_MODES}
                  fullWidth
                  size="md"
                  styles={TOUCH_SEGMENTS}
                />
                {draft.mode === 'score' ? (
                  <TextInput
                    label="Target score"
                    description="Strokes for 18 holes, 55 to 150"
                    inputMode="decimal"
                    size="md"
                    id={fieldId('score')}
                    value={draft.score}
                    onChange={(e) => edit({ score: e.currentTarget.value })}
                    onBlur={() => touch('score')}
                    error={errorOf('score')}
                    aria-required
                  />
                ) : (
                  <>
                    <TextInput
                      label="Handicap index"
                      description="A plus handicap is entered with a minus sign: +2.1 is -2.1"
                      size="md"
                      id={fieldId('handicap_index')}
                      value={draft.handicap_index}
                      onChange={(e) => edit({ handicap_index: e.currentTarget.value })}
                      onBlur={() => touch('handicap_index')}
                      error={errorOf('handicap_index')}
                      aria-required
                    />
                    <Group grow wrap="wrap" gap="sm" align="flex-start">
                      <TextInput
                        label="Course rating"
                        description="Of the tees you play, 55 to 85"
                        inputMode="decimal"
                        size="md"
                        miw={140}
                        id={fieldId('course_rating')}
                        value={draft.course_rating}
                        onChange={(e) => edit({ course_rating: e.currentTarget.value })}
                        onBlur={() => touch('course_rating')}
                        error={errorOf('course_rating')}
                        aria-required
                      />
                      <TextInput
                        label="Slope"
                        description="55 to 155; 113 is average"
                        inputMode="numeric"
                        size="md"
                        miw={140}
                        id={fieldId('slope')}
                        value={draft.slope}
                        onChange={(e) => edit({ slope: e.currentTarget.value })}
                        onBlur={() => touch('slope')}
                        error={errorOf('slope')}
                        aria-required
                      />
                    </Group>
                    <Box role="status" data-testid="handicap-target">
                      {target !== null && (
                        <Text size="sm">
                          Your target: <b>{roundTo(target, 1)}</b> (course rating + handicap index × slope / 113)
                        </Text>
                      )}
                      {(submitted || (touched.handicap_index && touched.course_rating && touched.slope)) && check.errors.target && (
                        <Text size="sm" c="var(--mantine-color-error)">
                          {check.errors.target}
                        </Text>
                      )}
                    </Box>
                  </>
                )}
              </Stack>
            </Card>

            <Card withBorder radius="md" padding="md" component="section" aria-labelledby="distances-heading">
              <Stack gap="sm">
                <Title order={2} size="h4" id="distances-heading">
                  Shot categories
                </Title>
                <Text size="sm" c="dimmed">
                  Distances to the hole: {longUnit === puttUnit ? `in ${longUnit}` : `${longUnit} off the green, ${puttUnit} on it`}. Every
                  statistic uses them.
                </Text>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  {BOUNDARY_FIELDS.map((field) => (
                    <TextInput
                      key={field.key}
                      label={`${field.label} (${field.kind === 'putt' ? puttUnit : longUnit})`}
                      description={field.description}
                      inputMode="decimal"
                      size="md"
                      id={fieldId(field.key)}
                      value={draft.boundaries[field.key]}
                      onChange={(e) => editBoundary(field.key, e.currentTarget.value)}
                      onBlur={() => touch(field.key)}
                      error={errorOf(field.key)}
                      aria-required
                    />
                  ))}
                </SimpleGrid>
                <Group>
                  <Button variant="subtle" h={44} onClick={() => edit({ boundaries: defaultBoundaryTexts(units) })}>
                    Back to the default distances
                  </Button>
                </Group>
              </Stack>
            </Card>

            <Group gap="sm">
              <Button type="submit" h={48} loading={save.isPending}>
                Save
              </Button>
              {saved && (
                <Button variant="outline" color={DANGER} h={48} onClick={confirmRemove} loading={remove.isPending}>
                  Remove my target
                </Button>
              )}
            </Group>
            <Box role="status">
              {justSaved && (
                <Alert color="green" variant="light" icon={<IconCheck size={18} aria-hidden />} title="Saved">
                  <Stack gap="xs" align="flex-start">
                    <Text size="sm">Your statistics now use these distances, and “My target” is in the benchmark switch.</Text>
                    <Button variant="default" h={44} onClick={showStatistics}>
                      See my statistics against my target
                    </Button>
                  </Stack>
                </Alert>
              )}
            </Box>
            {submitted && !check.value && (
              <Text size="sm" c="var(--mantine-color-error)" role="alert">
                Check the values marked above.
              </Text>
            )}
          </Stack>
        </form>

        <Stack gap="sm">
          <Suspense fallback={<Skeleton height={260} radius="md" aria-label="Loading the preview" />}>
            <SgTargetPreview rounds={rounds} settings={previewSettings} loading={latest.isPending} failed={latest.isError} />
          </Suspense>
          <Text size="sm">
            Back to{' '}
            <Anchor component={Link} to={paths.home} size="sm">
              Statistics
            </Anchor>
          </Text>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
