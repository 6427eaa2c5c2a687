import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { emailQuery, passwordResetBody } from '@holeout/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { mantineToaster } from '../../../lib/notify.ts';
import { useRequestPasswordReset } from '../api/forgot-password.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { apiFieldErrors } from '../components/api-field-errors.ts';
import { fieldErrors } from '../components/field-errors.ts';
import { newPasswordProblem, NewPasswordInput } from '../components/password-strength.tsx';
import { paths } from '../../../lib/paths.ts';
import { CodeInput } from '../components/code-input.tsx';

/** Two steps: ask for a code by e-mail, then enter the code with a new password. */
export default function PasswordResetPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const requestCode = useRequestPasswordReset();
  const reset = useResetPassword();
  const [step, setStep] = useState<'request' | 'reset'>('request');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function onRequest(event: FormEvent) {
    event.preventDefault();
    const parsed = emailQuery.safeParse({ email });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    requestCode.mutate(parsed.data.email, {
      onSuccess: () => {
        mantineToaster.show('If that address has an account, a reset code is on its way.', 'success');
        setStep('reset');
      },
    });
  }

  const [checking, setChecking] = useState(false);

  async function onReset(event: FormEvent) {
    event.preventDefault();
    const parsed = passwordResetBody.safeParse({ email, code: code.trim(), password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setChecking(true);
    const problem = await newPasswordProblem(parsed.data.password, [parsed.data.email]).finally(() => setChecking(false));
    if (problem) {
      setErrors({ password: problem });
      return;
    }
    setErrors({});
    reset.mutate(parsed.data, {
      onSuccess: () => {
        mantineToaster.show('Password changed. Log in with the new one.', 'success');
        navigate(`${paths.login}?email=${encodeURIComponent(parsed.data.email)}`);
      },
      onError: (cause) => setErrors(apiFieldErrors(cause)),
    });
  }

  if (step === 'request') {
    return (
      <AuthCard title="Reset password" intro="We will e-mail you a 6-digit code to set a new password.">
        <form onSubmit={onRequest} noValidate>
          <Stack>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={errors.email}
            />
            <Button type="submit" loading={requestCode.isPending} fullWidth>
              Send code
            </Button>
            <Button variant="subtle" size="compact-sm" onClick={() => setStep('reset')}>
              I already have a code
            </Button>
            <Anchor component={Link} to={paths.login} size="sm" ta="center">
              Back to log in
            </Anchor>
          </Stack>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset password" intro="Enter the code from the e-mail and choose a new password.">
      <form onSubmit={onReset} noValidate>
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
          />
          <CodeInput label="Code" description={null} value={code} onChange={setCode} error={errors.code} />
          <NewPasswordInput label="New password" value={password} onChange={setPassword} personal={[email]} error={errors.password} />
          <Button type="submit" loading={reset.isPending || checking} fullWidth>
            Reset password
          </Button>
          <Button variant="subtle" size="compact-sm" onClick={() => setStep('request')}>
            Send a new code
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
