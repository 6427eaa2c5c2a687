import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { registerBody } from '@holeout/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useRegisterAccount } from '../api/register.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { fieldErrors } from '../components/field-errors.ts';

export default function RegistrationPage() {
  const navigate = useNavigate();
  const register = useRegisterAccount();
  const [form, setForm] = useState({ email: '', password: '', first_name: '', last_name: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: keyof typeof form) => (value: string) => setForm((previous) => ({ ...previous, [field]: value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = registerBody.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    register.mutate(parsed.data, {
      onSuccess: () => navigate(`/verify-user?email=${encodeURIComponent(parsed.data.email)}`),
    });
  }

  return (
    <AuthCard title="Create account" intro="We will e-mail you a 6-digit code to confirm your address.">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Group grow>
            <TextInput label="First name" autoComplete="given-name" value={form.first_name} onChange={(e) => set('first_name')(e.currentTarget.value)} error={errors.first_name} />
            <TextInput label="Last name" autoComplete="family-name" value={form.last_name} onChange={(e) => set('last_name')(e.currentTarget.value)} error={errors.last_name} />
          </Group>
          <TextInput label="Email" type="email" autoComplete="email" value={form.email} onChange={(e) => set('email')(e.currentTarget.value)} error={errors.email} />
          <PasswordInput
            label="Password"
            description="At least 8 characters"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => set('password')(e.currentTarget.value)}
            error={errors.password}
            aria-required
          />
          <Button type="submit" loading={register.isPending} fullWidth>
            Create account
          </Button>
          <Text size="sm" ta="center">
            Already registered?{' '}
            <Anchor component={Link} to="/login">
              Log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
