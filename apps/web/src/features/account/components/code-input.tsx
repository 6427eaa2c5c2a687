import { TextInput } from '@mantine/core';

/**
 * The field for a 6-digit code mailed by the API (verification, reset, e-mail change, a first
 * password, deleting an account): digits only, the phone's number pad, and the one-time-code
 * autofill phones offer from the mail.
 */
export function CodeInput({
  label = 'Code from the e-mail',
  description = '6 digits',
  value,
  onChange,
  error,
}: {
  label?: string;
  description?: string | null;
  value: string;
  onChange: (digits: string) => void;
  error?: string | undefined;
}) {
  return (
    <TextInput
      label={label}
      description={description ?? undefined}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, ''))}
      error={error}
      aria-required
    />
  );
}
