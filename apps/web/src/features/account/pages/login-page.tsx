import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session/session.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ProviderButtons } from '../components/provider-buttons.tsx';
import { checkLoginForm } from '../components/check-login.ts';
import { landingAfterSignIn, nextParam, safeNextPath } from '../../../lib/next-path.ts';
import { paths } from '../../../lib/paths.ts';

const ROOT = paths.root;

function returnPath(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return ROOT;
  const from = (state as { from: unknown }).from;
  // Only in-app paths: a crafted state must not send the user elsewhere.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== paths.login ? from : ROOT;
}

export default function LoginPage() {
  const loggedIn = useSession((s) => s.status === 'loggedIn');
  const setupPending = useSession((s) => s.user.setup_pending);
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // ?next= (a link that needed a session, e.g. an invitation) wins over the guard's remembered page.
  const next = safeNextPath(params.get('next'));
  const target = next ?? returnPath(location.state);
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notVerified, setNotVerified] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  if (loggedIn && !submitting) return <Navigate to={landingAfterSignIn(setupPending, target)} replace />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setNotVerified(false);
    const checked = checkLoginForm({ email, password });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await session.login(checked.email, checked.password);
      // A new account that has not done its first-run Set up yet is asked once, then goes on.
      navigate(landingAfterSignIn(session.store.get().user.setup_pending, target), { replace: true });
    } catch (cause) {
      // 403 NOT_VERIFIED: the account exists but the e-mail is unconfirmed; offer the code page.
      if (cause instanceof ApiError && cause.status === 403 && cause.code === 'NOT_VERIFIED') setNotVerified(true);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Log in" intro="Track your rounds and see where you gain and lose strokes.">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
          />
          {notVerified && (
            <Alert color="yellow" title="E-mail not verified">
              <Text size="sm">Enter the code we e-mailed you to finish creating your account.</Text>
              <Button
                mt="sm"
                size="xs"
                variant="light"
                component={Link}
                to={`${paths.verifyUser}?email=${encodeURIComponent(email.trim())}${nextParam(next, '&')}`}
              >
                Verify e-mail
              </Button>
            </Alert>
          )}
          <Button type="submit" loading={submitting} fullWidth>
            Log in
          </Button>
          <ProviderButtons step="login" />
          <Group justify="space-between">
            <Anchor component={Link} to={`${paths.registration}${nextParam(next)}`} size="sm">
              Create an account
            </Anchor>
            <Anchor component={Link} to={paths.passwordReset} size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Anchor component={Link} to={paths.howTo} size="sm" ta="center">
            How does Holeout work?
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
