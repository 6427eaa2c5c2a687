import { Button, Card, ColorSwatch, Group, PasswordInput, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { updateAccountBody, updatePasswordBody } from '@holeout/contracts';
import {
  BENCHMARK_LABELS,
  BENCHMARK_LEVELS,
  PLAYER_LEVELS,
  THEMES,
  UNITS_PAIR_LABELS,
  UNITS_PAIR_NAMES,
  DEFAULT_UNITS,
  type BenchmarkLevel,
  type PlayerLevel,
} from '@holeout/golf';
import { useState, type FormEvent } from 'react';
import { mantineToaster } from '../../../lib/notify.ts';
import { session, themeIndexOf } from '../../../lib/session/session.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { useSaveSettings } from '../api/save-settings.ts';
import { useUpdateAccount } from '../api/update-account.ts';
import { useUpdatePassword } from '../api/update-password.ts';
import { fieldErrors } from '../components/field-errors.ts';

const levelOptions = PLAYER_LEVELS.map((level) => ({ value: level, label: level }));
const benchmarkOptions = BENCHMARK_LEVELS.map((level) => ({ value: level, label: BENCHMARK_LABELS[level] }));
const unitsOptions = UNITS_PAIR_NAMES.map((pair) => ({ value: pair, label: UNITS_PAIR_LABELS[pair] }));

function ProfileForm() {
  const user = useSession((s) => s.user);
  const update = useUpdateAccount();
  const [form, setForm] = useState({
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    level: user.level as PlayerLevel | null,
    benchmark: user.benchmark as BenchmarkLevel,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = updateAccountBody.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, { onSuccess: () => mantineToaster.show('Profile saved', 'success') });
  }

  return (
    <Card withBorder component="section" aria-labelledby="profile-heading">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={3} id="profile-heading">
            Profile
          </Title>
          <Group grow>
            <TextInput label="First name" value={form.first_name} onChange={(e) => setForm({ ...form, first_name: e.currentTarget.value })} error={errors.first_name} />
            <TextInput label="Last name" value={form.last_name} onChange={(e) => setForm({ ...form, last_name: e.currentTarget.value })} error={errors.last_name} />
          </Group>
          <TextInput label="Email" type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.currentTarget.value })} error={errors.email} />
          <Select
            label="Player category"
            placeholder="Choose a category"
            data={levelOptions}
            value={form.level}
            onChange={(value) => setForm({ ...form, level: value as PlayerLevel | null })}
            clearable
          />
          <Select
            label="Benchmark"
            description="The players your strokes gained are measured against"
            data={benchmarkOptions}
            value={form.benchmark}
            onChange={(value) => value && setForm({ ...form, benchmark: value as BenchmarkLevel })}
            allowDeselect={false}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function PreferencesForm() {
  const themeIndex = useSession(themeIndexOf);
  const units = useSession((s) => s.settings?.units ?? DEFAULT_UNITS);
  const saveSettings = useSaveSettings();

  return (
    <Card withBorder component="section" aria-labelledby="preferences-heading">
      <Stack>
        <Title order={3} id="preferences-heading">
          Preferences
        </Title>
        <Select
          label="Units"
          description="Putt distance / long distance"
          data={unitsOptions}
          value={units}
          allowDeselect={false}
          onChange={(value) => value && value !== units && saveSettings.mutate({ units: value })}
        />
        <Radio.Group label="Theme" value={String(themeIndex)} onChange={(value) => void session.changeTheme(Number(value))}>
          <Group mt="xs">
            {THEMES.map((theme, index) => (
              <Group key={theme.name} gap={6} wrap="nowrap">
                <Radio value={String(index)} label={theme.name} />
                <ColorSwatch color={theme.primary} size={16} aria-hidden />
              </Group>
            ))}
          </Group>
        </Radio.Group>
      </Stack>
    </Card>
  );
}

function PasswordForm() {
  const changePassword = useUpdatePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = updatePasswordBody.safeParse({ password: current, newPassword: next });
    if (!parsed.success) {
      const byField = fieldErrors(parsed.error);
      setErrors({ current: byField.password ? 'Enter your current password' : '', next: byField.newPassword ?? '' });
      return;
    }
    setErrors({});
    changePassword.mutate(parsed.data, {
      onSuccess: () => {
        mantineToaster.show('Password changed', 'success');
        setCurrent('');
        setNext('');
      },
    });
  }

  return (
    <Card withBorder component="section" aria-labelledby="password-heading">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={3} id="password-heading">
            Change password
          </Title>
          <PasswordInput label="Current password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.currentTarget.value)} error={errors.current || undefined} />
          <PasswordInput label="New password" description="At least 8 characters" autoComplete="new-password" value={next} onChange={(e) => setNext(e.currentTarget.value)} error={errors.next || undefined} />
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={changePassword.isPending}>
              Update password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function DeleteAccount() {
  const remove = useDeleteAccount();
  const confirm = () =>
    modals.openConfirmModal({
      title: 'Delete account',
      children: <Text size="sm">This deletes your account, rounds, drills and results for good. It cannot be undone.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(),
    });
  return (
    <Card withBorder component="section" aria-labelledby="delete-heading">
      <Stack>
        <Title order={3} id="delete-heading">
          Delete account
        </Title>
        <Text size="sm" c="dimmed">
          Removes your account and everything recorded in it.
        </Text>
        <Group justify="flex-end">
          <Button color="red" variant="outline" onClick={confirm} loading={remove.isPending}>
            Delete my account
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** My Profile: profile, units and theme, password, and account deletion. */
export default function AccountPage() {
  const uid = useSession((s) => s.user.uid);
  return (
    <Stack maw={720}>
      <Title order={2}>My Profile</Title>
      {/* Keyed by uid so the form starts from the signed-in user's saved values. */}
      <ProfileForm key={uid} />
      <PreferencesForm />
      <PasswordForm />
      <DeleteAccount />
    </Stack>
  );
}
