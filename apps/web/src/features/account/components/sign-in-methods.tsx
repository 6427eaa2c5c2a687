import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { FEDERATED_PROVIDERS, setPasswordBody, type FederatedLink, type FederatedProvider } from '@holeout/contracts';
import { formatDate } from '@holeout/golf';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { federatedSignIn } from '../../../lib/federated/federated-sign-in.ts';
import { marked, REDIRECT_KEY } from '../../../lib/federated/marks.ts';
import { publicConfigQuery } from '../../../lib/federated/public-config.ts';
import { mantineToaster } from '../../../lib/notify.ts';
import { session } from '../../../lib/session/session.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { DANGER } from '../../../lib/theme.ts';
import { useRequestAccountCode, useSetFirstPassword } from '../api/account-code.ts';
import { useLinkProvider, useSignInLinks, useUnlinkProvider } from '../api/sign-in-links.ts';
import { apiFieldErrors } from './api-field-errors.ts';
import { fieldErrors } from './field-errors.ts';
import { newPasswordProblem, NewPasswordInput } from './password-strength.tsx';
import { isNativeShell, PROVIDER_NAMES } from './providers.ts';
import { CodeInput } from './code-input.tsx';

const LAST_WAY_IN = 'This is your only way to log in. Set a password or link another provider before you unlink it.';

/** The providers this app can sign in with: those GET /config offers, on the web only with its Firebase app. */
export function useOfferedProviders(): FederatedProvider[] {
  const config = useQuery(publicConfigQuery()).data?.sign_in;
  return config && (config.firebase || isNativeShell()) ? config.providers : [];
}

const messageOf = (cause: unknown) => (cause instanceof Error ? cause.message : 'Something went wrong. Please try again.');

function ProviderRow({
  provider,
  link,
  offered,
  lastWayIn,
  busy,
  onLink,
  onUnlink,
}: {
  provider: FederatedProvider;
  link: FederatedLink | undefined;
  offered: boolean;
  lastWayIn: boolean;
  busy: boolean;
  onLink: () => void;
  onUnlink: () => void;
}) {
  const nameId = useId();
  const reasonId = useId();
  const name = PROVIDER_NAMES[provider];
  return (
    <Group component="li" justify="space-between" align="center" gap="sm" py="xs" data-testid={`sign-in-${provider}`}>
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Group gap="xs">
          <Text fw={600} id={nameId}>
            {name}
          </Text>
          {link && (
            <Badge variant="light" size="sm">
              Linked
            </Badge>
          )}
        </Group>
        {link && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {link.email ?? 'No e-mail address'} · linked {formatDate(link.linked_at)}
          </Text>
        )}
        {link && lastWayIn && (
          <Text size="sm" id={reasonId}>
            {LAST_WAY_IN}
          </Text>
        )}
      </Stack>
      {link ? (
        <Button
          variant="outline"
          color={DANGER}
          mih={44}
          aria-describedby={lastWayIn ? `${nameId} ${reasonId}` : nameId}
          disabled={lastWayIn}
          loading={busy}
          onClick={onUnlink}
        >
          Unlink
        </Button>
      ) : (
        offered && (
          <Button variant="light" mih={44} aria-describedby={nameId} loading={busy} onClick={onLink}>
            Link
          </Button>
        )
      )}
    </Group>
  );
}

/** "Set a password" for an account made with a provider: a code mailed to the address, then the code and the new password. */
function SetPasswordForm() {
  const user = useSession((s) => s.user);
  const requestCode = useRequestAccountCode();
  const setPassword = useSetFirstPassword();
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const [password, setNewPassword] = useState('');
  const [checking, setChecking] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const personal = [user.email, user.first_name, user.last_name];

  function sendCode() {
    setErrors({});
    requestCode.mutate('set_password', {
      onSuccess: () => setCodeSent(true),
      onError: (cause) => {
        // The account has a password already (set elsewhere): show it as it is.
        if (cause instanceof ApiError && cause.code === 'HAS_PASSWORD') void session.reloadAccess();
        else setErrors({ request: messageOf(cause) });
      },
    });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = setPasswordBody.safeParse({ code: code.trim(), password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setChecking(true);
    const problem = await newPasswordProblem(parsed.data.password, personal).finally(() => setChecking(false));
    if (problem) {
      setErrors({ password: problem });
      return;
    }
    setErrors({});
    setPassword.mutate(parsed.data, {
      onSuccess: () => mantineToaster.show('Password set. You can also log in with your e-mail and password now.', 'success'),
      onError: (cause) => {
        if (cause instanceof ApiError && cause.code === 'INVALID_CODE') setErrors({ code: 'That code is not right, or it has expired' });
        else if (cause instanceof ApiError && cause.code === 'HAS_PASSWORD') void session.reloadAccess();
        else {
          const byField = apiFieldErrors(cause);
          setErrors(Object.keys(byField).length > 0 ? byField : { request: messageOf(cause) });
        }
      },
    });
  }

  if (!codeSent)
    return (
      <Stack gap="xs">
        <Text size="sm">We e-mail you a 6-digit code to {user.email}; with it you choose a password.</Text>
        {errors.request && <Text size="sm">{errors.request}</Text>}
        <Group justify="flex-end">
          <Button variant="light" mih={44} loading={requestCode.isPending} onClick={sendCode}>
            Set a password
          </Button>
        </Group>
      </Stack>
    );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm" role="status">
          We sent a code to {user.email}.
        </Text>
        <CodeInput value={code} onChange={setCode} error={errors.code} />
        <NewPasswordInput label="New password" value={password} onChange={setNewPassword} personal={personal} error={errors.password} />
        {errors.request && <Text size="sm">{errors.request}</Text>}
        <Group justify="space-between">
          <Button variant="subtle" mih={44} onClick={sendCode} loading={requestCode.isPending}>
            Send a new code
          </Button>
          <Button type="submit" mih={44} loading={setPassword.isPending || checking}>
            Save password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * My Profile's sign-in methods: the password, and each provider the server offers with its link
 * (Linked, its address and date, and Unlink) or Link. The last way into an account cannot be
 * unlinked (the API refuses it too, 409 LAST_SIGN_IN).
 */
export function SignInMethods() {
  const hasPassword = useSession((s) => s.user.has_password);
  const offered = useOfferedProviders();
  const links = useSignInLinks();
  const link = useLinkProvider();
  const unlink = useUnlinkProvider();
  const [pending, setPending] = useState<FederatedProvider | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const linked = links.data?.links ?? [];
  const lastWayIn = !hasPassword && linked.length === 1;
  const providers = FEDERATED_PROVIDERS.filter((p) => offered.includes(p) || linked.some((l) => l.provider === p));

  function linkWithToken(provider: FederatedProvider, idToken: string) {
    setPending(provider);
    link.mutate(idToken, {
      onSuccess: () => mantineToaster.show(`${PROVIDER_NAMES[provider]} is linked: you can log in with it.`, 'success'),
      onError: (cause) => setProblem(messageOf(cause)),
      onSettled: () => setPending(null),
    });
  }

  async function startLink(provider: FederatedProvider) {
    setProblem(null);
    setPending(provider);
    const idToken = await (await federatedSignIn()).signInWith(provider, 'link');
    if (idToken) linkWithToken(provider, idToken);
    else setPending(null);
  }

  function startUnlink(provider: FederatedProvider) {
    setProblem(null);
    setPending(provider);
    unlink.mutate(provider, { onError: (cause) => setProblem(messageOf(cause)), onSettled: () => setPending(null) });
  }

  useEffect(() => {
    // Back from a redirect sign-in that Link started (phones): link what it brought.
    if (!marked(() => sessionStorage, REDIRECT_KEY)) return;
    void federatedSignIn()
      .then((signIn) => signIn.takeRedirectResult('link'))
      .then((result) => result && linkWithToken(result.provider, result.idToken));
  }, []);

  return (
    <Card withBorder component="section" aria-labelledby="sign-in-methods-heading">
      <Stack gap="xs">
        <Title order={2} size="h3" id="sign-in-methods-heading">
          Sign-in methods
        </Title>
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
          <Group component="li" justify="space-between" align="center" gap="sm" py="xs" data-testid="sign-in-password">
            <Stack gap={2}>
              <Group gap="xs">
                <Text fw={600}>Password</Text>
                {hasPassword && (
                  <Badge variant="light" size="sm">
                    Set
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {hasPassword ? 'You can log in with your e-mail address and password.' : 'No password yet: you log in with a provider.'}
              </Text>
            </Stack>
          </Group>
          {providers.map((provider) => (
            <ProviderRow
              key={provider}
              provider={provider}
              link={linked.find((l) => l.provider === provider)}
              offered={offered.includes(provider)}
              lastWayIn={lastWayIn}
              busy={pending === provider}
              onLink={() => void startLink(provider)}
              onUnlink={() => startUnlink(provider)}
            />
          ))}
        </Stack>
        {links.isError && <Text size="sm">Your linked providers could not be loaded.</Text>}
        {problem && (
          <Alert color="gray" role="status" icon={<IconInfoCircle size={18} aria-hidden />}>
            <Text size="sm">{problem}</Text>
          </Alert>
        )}
        {!hasPassword && <SetPasswordForm />}
      </Stack>
    </Card>
  );
}
