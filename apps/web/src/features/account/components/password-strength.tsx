import { PasswordInput, Progress, Stack, Text, type PasswordInputProps } from '@mantine/core';
import { MIN_PASSWORD_LENGTH } from '@holeout/contracts/password-rules';
import type { PasswordStrength } from '@holeout/contracts/password-strength';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';

type JudgePassword = (password: string, personal?: readonly string[]) => PasswordStrength;

let judgeLoading: Promise<JudgePassword> | null = null;

/**
 * The API's own password judgement (zxcvbn with its dictionaries). Loaded on demand: the
 * dictionaries are large, so they are a chunk of their own that only password forms fetch.
 */
export function loadPasswordJudge(): Promise<JudgePassword> {
  judgeLoading ??= import('@holeout/contracts/password-strength').then(
    (module) => module.judgePassword,
    (cause: unknown) => {
      judgeLoading = null;
      throw cause;
    },
  );
  return judgeLoading;
}

export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters, and hard to guess`;

const STRENGTH_LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;
const STRENGTH_COLOURS = ['red.9', 'orange.9', 'yellow.7', 'teal.7', 'green.8'] as const;

/**
 * Why a new password would be refused, or null when it is fine. The server judges again; when the
 * judgement cannot be loaded (offline) only the length is checked here.
 */
export async function newPasswordProblem(password: string, personal: readonly string[]): Promise<string | null> {
  if (password.length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  try {
    const verdict = (await loadPasswordJudge())(password, personal);
    return verdict.acceptable ? null : verdict.message;
  } catch {
    return null;
  }
}

/** The strength of `password` as the user types, or null while the judgement is loading. */
export function usePasswordStrength(password: string, personal: readonly string[]): PasswordStrength | null {
  const [judge, setJudge] = useState<JudgePassword | null>(null);
  useEffect(() => {
    let live = true;
    loadPasswordJudge().then(
      (loaded) => live && setJudge(() => loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  // Judging takes a few milliseconds: let typing stay ahead of it.
  const deferred = useDeferredValue(password);
  const personalKey = personal.join('\n');
  return useMemo(() => (judge ? judge(deferred, personalKey.split('\n')) : null), [judge, deferred, personalKey]);
}

/** A meter (role meter, 0 to 4) with the strength in words and the reason beside it. */
export function PasswordStrengthMeter({ strength }: { strength: PasswordStrength | null }) {
  const score = strength?.score ?? 0;
  const label = strength ? STRENGTH_LABELS[score] : 'Checking…';
  return (
    <Stack gap={4} data-testid="password-strength">
      <div role="meter" aria-label="Password strength" aria-valuemin={0} aria-valuemax={4} aria-valuenow={score} aria-valuetext={label}>
        <Progress value={strength ? ((score + 1) / 5) * 100 : 0} color={STRENGTH_COLOURS[score]} size="sm" aria-hidden />
      </div>
      <Text size="sm" aria-live="polite">
        Strength: {label}
        {strength?.message ? `. ${strength.message}` : ''}
      </Text>
    </Stack>
  );
}

interface NewPasswordInputProps extends Omit<PasswordInputProps, 'value' | 'onChange' | 'description'> {
  value: string;
  onChange: (value: string) => void;
  /** What the account says about its owner (e-mail, names): weak choices an attacker tries first. */
  personal: readonly string[];
}

/**
 * A field for a new password: the length rule up front, the strength while typing. A refusal shown
 * under the field (`error`) goes once the password typed since is acceptable: the strength beside it
 * says so, and an old complaint beside a strong password would contradict it.
 */
export function NewPasswordInput({ value, onChange, personal, error, ...props }: NewPasswordInputProps) {
  const strength = usePasswordStrength(value, personal);
  const [refused, setRefused] = useState<{ error: NewPasswordInputProps['error']; value: string } | null>(null);
  if (error !== (refused?.error ?? undefined)) setRefused(error ? { error, value } : null);
  const outgrown = refused !== null && refused.value !== value && strength?.acceptable === true;
  return (
    <Stack gap={6}>
      <PasswordInput
        autoComplete="new-password"
        {...props}
        error={outgrown ? undefined : error}
        description={PASSWORD_HINT}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {value !== '' && <PasswordStrengthMeter strength={strength} />}
    </Stack>
  );
}
