import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { registerBody } from '@holeout/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useRegisterAccount } from '../api/register.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ProviderButtons } from '../components/provider-buttons.tsx';
import { apiFieldErrors } from '../components/api-field-errors.ts';
import { fieldErrors } from '../components/field-errors.ts';
import { nextParam, safeNextPath } from '../../../lib/next-path.ts';
import { newPasswordProblem, NewPasswordInput } from '../components/password-strength.tsx';

export default function RegistrationPage() {
  const navigate = useNavigate();
  const register = useRegisterAccount();
  const [params] = useSearchParams();
  // Carried through verify-user to login, which goes there (an invitation link, for instance).
  const next = safeNextPath(params.get('next'));
  const [form, setForm] = useState({ email: params.get('email') ?? '', password: '', first_name: '', last_name: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: keyof typeof form) => (value: string) => setForm((previous) => ({ ...previous, [field]: value }));

  const personal = [form.email, form.first_name, form.last_name];
  const [checking, setChecking] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = registerBody.safeParse(form);
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
    // The answer is the same whether or not the address already has an account (its owner gets a
    // mail instead), so the next step is always the code page.
    register.mutate(parsed.data, {
      onSuccess: () => navigate(`${paths.verifyUser}?email=${encodeURIComponent(parsed.data.email)}${nextParam(next, '&')}`),
      onError: (cause) => setErrors(apiFieldErrors(cause)),
    });
  }

  return (
    <AuthCard title="Create account" intro="We will e-mail you a 6-digit code to confirm your address.">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Group grow>
            <TextInput
              label="First name"
              autoComplete="given-name"
              value={form.first_name}
              onChange={(e) => set('first_name')(e.currentTarget.value)}
              error={errors.first_name}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              value={form.last_name}
              onChange={(e) => set('last_name')(e.currentTarget.value)}
              error={errors.last_name}
            />
          </Group>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={(e) => set('email')(e.currentTarget.value)}
            error={errors.email}
          />
          <NewPasswordInput
            label="Password"
            value={form.password}
            onChange={set('password')}
            personal={personal}
            error={errors.password}
            aria-required
          />
          <Button type="submit" loading={register.isPending || checking} fullWidth>
            Create account
          </Button>
          <ProviderButtons step="registration" />
          <Text size="sm" ta="center">
            Already registered?{' '}
            <Anchor component={Link} to={`${paths.login}${nextParam(next)}`}>
              Log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
