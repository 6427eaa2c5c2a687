import { PasswordInput, Progress, Stack, Text, type PasswordInputProps } from '@mantine/core';
import { MIN_PASSWORD_LENGTH } from '@holeout/contracts/password-rules';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { judgeOnDevice, judgeOnServer, type StrengthVerdict } from '../common-passwords/password-judge.ts';

export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters, and hard to guess`;

const STRENGTH_LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;
const STRENGTH_COLOURS = ['red.9', 'orange.9', 'yellow.7', 'teal.7', 'green.8'] as const;
/** Typing pauses this long before the server is asked. */
const ASK_AFTER_MS = 300;

/**
 * Why a new password would be refused, or null when it is fine: the server's judgement (the one the
 * form's call applies again). When the server cannot be asked (offline) only the device's checks
 * count, and the server judges when the form reaches it.
 */
export async function newPasswordProblem(password: string, personal: readonly string[]): Promise<string | null> {
  const onDevice = judgeOnDevice(password);
  if (onDevice && password.length < MIN_PASSWORD_LENGTH) return onDevice.message;
  try {
    const verdict = await judgeOnServer(password, personal);
    return verdict.acceptable ? null : verdict.message;
  } catch {
    return onDevice?.message ?? null;
  }
}

/**
 * The strength of `password` as the user types: the device's verdict at once when it finds a fault,
 * the server's once typing pauses, and, when the server cannot be asked, the device's alone (score
 * null: "not checked"). Null while the server is being asked about a password the device finds no
 * fault in. Answers are kept for the life of the form, so retyping asks nothing again.
 */
export function usePasswordStrength(password: string, personal: readonly string[]): StrengthVerdict | null {
  // Judging waits on the network: let typing stay ahead of it.
  const deferred = useDeferredValue(password);
  const personalKey = personal.join('\n');
  const key = `${personalKey}\u0000${deferred}`;
  const answers = useRef(new Map<string, StrengthVerdict>());
  const [, setAnswered] = useState(0);
  const onDevice = judgeOnDevice(deferred);
  const known = answers.current.get(key);
  const needsServer = deferred.length >= MIN_PASSWORD_LENGTH && !known;
  useEffect(() => {
    if (!needsServer) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const words = personalKey.split('\n');
      judgeOnServer(deferred, words, controller.signal).then(
        (verdict) => {
          answers.current.set(key, verdict);
          setAnswered((n) => n + 1);
        },
        () => {
          if (controller.signal.aborted) return;
          // Offline, or too many checks: the device's word is all there is for this password; the next change asks again.
          const fallback: StrengthVerdict = judgeOnDevice(deferred) ?? {
            score: null,
            acceptable: true,
            message: 'Not checked just now (no connection?). It is checked when you save.',
            source: 'device',
          };
          answers.current.set(`${key}\u0000offline`, fallback);
          setAnswered((n) => n + 1);
        },
      );
    }, ASK_AFTER_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [needsServer, key, deferred, personalKey]);
  if (deferred === '') return null;
  return known ?? onDevice ?? answers.current.get(`${key}\u0000offline`) ?? null;
}

/** A meter (role meter, 0 to 4) with the strength in words and the reason beside it. */
export function PasswordStrengthMeter({ strength }: { strength: StrengthVerdict | null }) {
  const score = strength?.score ?? 0;
  const label = !strength ? 'Checking…' : strength.score === null ? 'Not checked' : STRENGTH_LABELS[score];
  return (
    <Stack gap={4} data-testid="password-strength">
      <div role="meter" aria-label="Password strength" aria-valuemin={0} aria-valuemax={4} aria-valuenow={score} aria-valuetext={label}>
        <Progress
          value={strength && strength.score !== null ? ((score + 1) / 5) * 100 : 0}
          color={STRENGTH_COLOURS[score]}
          size="sm"
          aria-hidden
        />
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
