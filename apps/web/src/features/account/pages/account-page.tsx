import {
  Alert,
  Badge,
  Button,
  Card,
  ColorSwatch,
  Group,
  Loader,
  PasswordInput,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconMailForward } from '@tabler/icons-react';
import { confirmEmailBody, updateAccountBody, updatePasswordBody, type AccountSession } from '@holeout/contracts';
import {
  BENCHMARK_LABELS,
  BENCHMARK_LEVELS,
  PLAYER_LEVELS,
  THEMES,
  UNITS_PAIR_LABELS,
  UNITS_PAIR_NAMES,
  DEFAULT_UNITS,
  formatDate,
  isActiveStatus,
  type BenchmarkLevel,
  type PlayerLevel,
} from '@holeout/golf';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { subscriptionTierLabel } from '../../../lib/format.ts';
import { mantineToaster } from '../../../lib/notify.ts';
import { session, themeIndexOf } from '../../../lib/session/session.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { DANGER } from '../../../lib/theme.ts';
import { useAccountSessions } from '../api/account-sessions.ts';
import { useConfirmEmail } from '../api/confirm-email.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { useEndSession } from '../api/end-session.ts';
import { useSaveSettings } from '../api/save-settings.ts';
import { useUpdateAccount } from '../api/update-account.ts';
import { useUpdatePassword } from '../api/update-password.ts';
import { apiFieldErrors } from '../components/api-field-errors.ts';
import { fieldErrors } from '../components/field-errors.ts';
import { newPasswordProblem, NewPasswordInput } from '../components/password-strength.tsx';
import { describeUserAgent } from '../components/user-agent.ts';
import { PasswordlessDelete } from '../components/passwordless-delete.tsx';
import { SignInMethods } from '../components/sign-in-methods.tsx';
import { CodeInput } from '../components/code-input.tsx';
import { DownloadMyData } from '../components/download-my-data.tsx';

const levelOptions = PLAYER_LEVELS.map((level) => ({ value: level, label: level }));
const benchmarkOptions = BENCHMARK_LEVELS.map((level) => ({ value: level, label: BENCHMARK_LABELS[level] }));
const unitsOptions = UNITS_PAIR_NAMES.map((pair) => ({ value: pair, label: UNITS_PAIR_LABELS[pair] }));

const WRONG_PASSWORD_MESSAGE = 'That is not your current password';

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

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
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const changingEmail = !sameAddress(form.email, user.email);
  // Changing the address of an account that has a password needs that password (the API asks too).
  const needsPassword = changingEmail && user.has_password;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = updateAccountBody.safeParse({ ...form, password: needsPassword ? currentPassword : undefined });
    if (!parsed.success) {
      const byField = fieldErrors(parsed.error);
      if (byField.password) byField.password = 'Enter your current password to change your e-mail address';
      setErrors(byField);
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        setCurrentPassword('');
        // The address changes only once its code is confirmed: the form shows the one in force.
        setForm((previous) => ({ ...previous, email: saved.email }));
        if (!saved.pending_email || !changingEmail) mantineToaster.show('Profile saved', 'success');
      },
      onError: (cause) => {
        if (cause instanceof ApiError && cause.code === 'WRONG_PASSWORD') setErrors({ password: WRONG_PASSWORD_MESSAGE });
        else if (cause instanceof ApiError && cause.code === 'EMAIL_TAKEN') setErrors({ email: cause.message });
        else setErrors(apiFieldErrors(cause));
      },
    });
  }

  return (
    <Card withBorder component="section" aria-labelledby="profile-heading">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={2} size="h3" id="profile-heading">
            Profile
          </Title>
          <Group grow wrap="wrap">
            <TextInput
              label="First name"
              miw={140}
              value={form.first_name}
              onChange={(e) => setForm({ ...form, first_name: e.currentTarget.value })}
              error={errors.first_name}
            />
            <TextInput
              label="Last name"
              miw={140}
              value={form.last_name}
              onChange={(e) => setForm({ ...form, last_name: e.currentTarget.value })}
              error={errors.last_name}
            />
          </Group>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            description={changingEmail ? 'We will send a code to the new address; it takes over once you enter the code.' : undefined}
            value={form.email}
            onChange={(e) => setForm({ ...form, email: e.currentTarget.value })}
            error={errors.email}
          />
          {needsPassword && (
            <PasswordInput
              label="Current password"
              description="Needed to change your e-mail address"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(e) => setCurrentPassword(e.currentTarget.value)}
              error={errors.password}
              aria-required
            />
          )}
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

/** A new address waiting for the code mailed to it (POST /account/confirm_email). */
function PendingEmailChange({ pendingEmail }: { pendingEmail: string }) {
  const confirm = useConfirmEmail();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = confirmEmailBody.safeParse({ code: code.trim() });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'The code is 6 digits');
      return;
    }
    setError(undefined);
    confirm.mutate(parsed.data, {
      onSuccess: (user) => {
        setCode('');
        mantineToaster.show(`Your e-mail address is now ${user.email}`, 'success');
      },
      onError: (cause) => {
        if (cause instanceof ApiError && cause.code === 'INVALID_CODE') setError('That code is not right, or it has expired');
        else if (cause instanceof ApiError && cause.status === 429) setError('Too many tries. Wait a while, then try again.');
      },
    });
  }

  return (
    <Card withBorder component="section" aria-labelledby="email-change-heading" data-testid="pending-email">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={2} size="h3" id="email-change-heading">
            E-mail change
          </Title>
          <Alert icon={<IconMailForward size={18} aria-hidden />} color="brand" variant="light" title="Waiting for its code" role="status">
            <Text size="sm">
              Your change of e-mail address is waiting for its code. We sent a code to <b>{pendingEmail}</b>. Until you enter it, you keep
              logging in with your current address.
            </Text>
          </Alert>
          <CodeInput value={code} onChange={setCode} error={error} />
          <Group justify="flex-end">
            <Button type="submit" loading={confirm.isPending}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function SavedStatus({ message }: { message: string }) {
  // Always in the page, so screen readers announce the message when it appears (role status).
  return (
    <Text size="sm" role="status" data-testid="preferences-status" mih={22}>
      {message && (
        <Group component="span" gap={4} wrap="nowrap" display="inline-flex">
          <IconCheck size={16} aria-hidden />
          {message}
        </Group>
      )}
    </Text>
  );
}

function PreferencesForm() {
  const themeIndex = useSession(themeIndexOf);
  const units = useSession((s) => s.settings?.units ?? DEFAULT_UNITS);
  const saveSettings = useSaveSettings();
  const [status, setStatus] = useState('');

  function changeUnits(value: string | null) {
    // The select offers the units pairs only: its value is one of them.
    const pair = UNITS_PAIR_NAMES.find((name) => name === value);
    if (!pair || pair === units) return;
    setStatus('');
    saveSettings.mutate({ units: pair }, { onSuccess: () => setStatus('Units saved') });
  }

  async function changeTheme(value: string) {
    setStatus('');
    const saved = await session.changeTheme(Number(value));
    if (saved) setStatus('Theme saved');
  }

  return (
    <Card withBorder component="section" aria-labelledby="preferences-heading">
      <Stack>
        <Title order={2} size="h3" id="preferences-heading">
          Preferences
        </Title>
        <Select
          label="Units"
          description="Putt distance / long distance"
          data={unitsOptions}
          value={units}
          allowDeselect={false}
          onChange={changeUnits}
        />
        <Radio.Group label="Theme" value={String(themeIndex)} onChange={(value) => void changeTheme(value)}>
          <Group mt="xs">
            {THEMES.map((theme, index) => (
              <Group key={theme.name} gap={6} wrap="nowrap">
                <Radio value={String(index)} label={theme.name} />
                <ColorSwatch color={theme.primary} size={16} aria-hidden />
              </Group>
            ))}
          </Group>
        </Radio.Group>
        <SavedStatus message={status} />
      </Stack>
    </Card>
  );
}

function PasswordForm() {
  const user = useSession((s) => s.user);
  const changePassword = useUpdatePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [checking, setChecking] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const personal = [user.email, user.first_name, user.last_name];

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = updatePasswordBody.safeParse({ password: current, newPassword: next });
    if (!parsed.success) {
      const byField = fieldErrors(parsed.error);
      setErrors({ current: byField.password ? 'Enter your current password' : '', next: byField.newPassword ?? '' });
      return;
    }
    setChecking(true);
    const problem = await newPasswordProblem(parsed.data.newPassword, personal).finally(() => setChecking(false));
    if (problem) {
      setErrors({ next: problem });
      return;
    }
    setErrors({});
    changePassword.mutate(parsed.data, {
      onSuccess: () => {
        mantineToaster.show('Password changed', 'success');
        setCurrent('');
        setNext('');
      },
      onError: (cause) => {
        if (cause instanceof ApiError && cause.code === 'WRONG_PASSWORD') {
          setErrors({ current: WRONG_PASSWORD_MESSAGE });
          return;
        }
        const byField = apiFieldErrors(cause);
        setErrors({ current: byField.password ?? '', next: byField.newPassword ?? '' });
      },
    });
  }

  return (
    <Card withBorder component="section" aria-labelledby="password-heading">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={2} size="h3" id="password-heading">
            Change password
          </Title>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            error={errors.current || undefined}
          />
          <NewPasswordInput label="New password" value={next} onChange={setNext} personal={personal} error={errors.next || undefined} />
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={changePassword.isPending || checking}>
              Update password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function SessionRow({ entry }: { entry: AccountSession }) {
  const end = useEndSession();
  const deviceId = useId();
  return (
    <Group component="li" justify="space-between" align="flex-start" gap="sm" py="xs" data-testid="account-session">
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Group gap="xs">
          <Text fw={600} id={deviceId}>
            {describeUserAgent(entry.user_agent)}
          </Text>
          {entry.current && (
            <Badge variant="light" size="sm">
              This device
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Signed in {formatDate(entry.created_at, true)} · Last used {formatDate(entry.last_used_at, true)}
        </Text>
      </Stack>
      <Button
        variant="outline"
        color={DANGER}
        size="xs"
        aria-describedby={deviceId}
        loading={end.isPending}
        onClick={() => end.mutate(entry)}
      >
        End session
      </Button>
    </Group>
  );
}

function SessionsSection() {
  const sessions = useAccountSessions();
  const list = sessions.data?.sessions ?? [];
  return (
    <Card withBorder component="section" aria-labelledby="sessions-heading">
      <Stack gap="xs">
        <Title order={2} size="h3" id="sessions-heading">
          Sessions
        </Title>
        <Text size="sm" c="dimmed">
          Where you are logged in. End a session you do not recognise; ending this device&apos;s logs you out here.
        </Text>
        {sessions.isPending && <Loader size="sm" aria-label="Loading sessions" />}
        {sessions.isError && <Text size="sm">Your sessions could not be loaded.</Text>}
        {list.length > 0 && (
          <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
            {list.map((entry) => (
              <SessionRow key={entry.token_id} entry={entry} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function DeleteAccount() {
  const hasPassword = useSession((s) => s.user.has_password);
  const remove = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);
  // An account without a password confirms with a fresh provider sign-in or a mailed code.
  const confirm = () =>
    hasPassword
      ? modals.openConfirmModal({
          title: 'Delete account',
          children: <Text size="sm">This deletes your account, rounds, drills and results for good. It cannot be undone.</Text>,
          labels: { confirm: 'Delete', cancel: 'Cancel' },
          confirmProps: { color: DANGER },
          onConfirm: () => remove.mutate(undefined),
        })
      : setConfirming(true);
  return (
    <Card withBorder component="section" aria-labelledby="delete-heading">
      <Stack>
        <Title order={2} size="h3" id="delete-heading">
          Delete account
        </Title>
        <Text size="sm" c="dimmed">
          Removes your account and everything recorded in it.
        </Text>
        <Group justify="flex-end">
          <Button color={DANGER} variant="outline" onClick={confirm} loading={remove.isPending}>
            Delete my account
          </Button>
        </Group>
      </Stack>
      {!hasPassword && <PasswordlessDelete opened={confirming} onOpen={() => setConfirming(true)} onClose={() => setConfirming(false)} />}
    </Card>
  );
}

/**
 * The plan the user is on, and the way to the subscriptions page: the menu shows Subscribe on the
 * free tier only, so a subscriber manages or changes the plan from here.
 */
function SubscriptionSection() {
  const subscription = useSession((s) => s.subscription);
  const tier = subscriptionTierLabel(subscription);
  return (
    <Card withBorder component="section" aria-labelledby="subscription-heading">
      <Stack gap="xs">
        <Title order={2} size="h3" id="subscription-heading">
          Subscription
        </Title>
        <Text>
          Your plan: <strong>{tier}</strong>
          {subscription && !isActiveStatus(subscription.status) ? ' (your subscription is not active)' : ''}
        </Text>
        <Button component={Link} to={paths.subscriptions} variant="light" mih={44}>
          {tier === 'Free' ? 'See the plans' : 'Plans and your subscription'}
        </Button>
      </Stack>
    </Card>
  );
}

/** My Profile: profile and e-mail change, units and theme, sign-in methods and password, sessions, a download of one's data, and account deletion. */
export default function AccountPage() {
  const uid = useSession((s) => s.user.uid);
  const email = useSession((s) => s.user.email);
  const pendingEmail = useSession((s) => s.user.pending_email);
  const hasPassword = useSession((s) => s.user.has_password);
  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        My Profile
      </Title>
      {/* Keyed by uid and address so the form starts from the saved values, also once a new address is confirmed. */}
      <ProfileForm key={`${uid}:${email}`} />
      {pendingEmail && <PendingEmailChange pendingEmail={pendingEmail} />}
      <SubscriptionSection />
      <PreferencesForm />
      <SignInMethods />
      {/* Without a password there is none to change: Sign-in methods offers to set one. */}
      {hasPassword && <PasswordForm />}
      <SessionsSection />
      <DownloadMyData />
      <DeleteAccount />
    </Stack>
  );
}
