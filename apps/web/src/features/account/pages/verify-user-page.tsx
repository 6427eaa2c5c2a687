import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { verifyQuery } from '@holeout/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { mantineToaster } from '../../../lib/notify.ts';
import { useResendVerificationCode } from '../api/resend-code.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { fieldErrors } from '../components/field-errors.ts';
import { nextParam, safeNextPath } from '../../../lib/next-path.ts';
import { paths } from '../../../lib/paths.ts';
import { CodeInput } from '../components/code-input.tsx';

export default function VerifyUserPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const resend = useResendVerificationCode();
  const next = safeNextPath(params.get('next'));
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = verifyQuery.safeParse({ email, code: code.trim() });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    verify.mutate(parsed.data, {
      onSuccess: (answer) => {
        // Signed in already (this browser registered): the guest route moves on to Set up or `next`.
        if (answer.token) return;
        mantineToaster.show('E-mail verified. You can log in now.', 'success');
        navigate(`${paths.login}?email=${encodeURIComponent(parsed.data.email)}${nextParam(next, '&')}`);
      },
    });
  }

  function onResend() {
    const parsed = verifyQuery.shape.email.safeParse(email);
    if (!parsed.success) {
      setErrors({ email: parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address' });
      return;
    }
    resend.mutate(parsed.data, { onSuccess: () => mantineToaster.show('A new code is on its way.', 'success') });
  }

  return (
    <AuthCard title="Verify your e-mail" intro="Enter the 6-digit code from the e-mail we sent you.">
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
          <CodeInput label="Verification code" description={null} value={code} onChange={setCode} error={errors.code} />
          <Button type="submit" loading={verify.isPending} fullWidth>
            Verify
          </Button>
          <Group justify="space-between">
            <Button variant="subtle" size="compact-sm" onClick={onResend} loading={resend.isPending}>
              Resend code
            </Button>
            <Anchor component={Link} to={`${paths.login}${nextParam(next)}`} size="sm">
              Back to log in
            </Anchor>
          </Group>
          <Text size="xs" c="dimmed">
            Codes expire after 15 minutes and work once; ask for a new one if yours no longer works.
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
