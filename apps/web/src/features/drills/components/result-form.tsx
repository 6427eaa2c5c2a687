import { Alert, Anchor, Button, Chip, Group, Input, NumberInput, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import {
  checkResultValues,
  PREMIUM_REQUIRED_CODE,
  type DrillField,
  type DrillResponse,
  type DrillResultResponse,
  type ResultValues,
} from '@holeout/contracts';
import { hasPremiumAccess } from '@holeout/golf';
import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { DANGER } from '../../../lib/theme.ts';
import { useSaveDrillResult } from '../api/drill-results.ts';

type Value = ResultValues[string];
/** The form's values: a NUMBER field holds what NumberInput gives (a number, or '' / a half-typed string). */
type FormValues = Record<string, Value | undefined>;

/** A field's starting value: the result's own, off for a toggle, empty otherwise. */
function initialValues(fields: readonly DrillField[], result: DrillResultResponse | undefined): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const saved = result?.values[field.key];
    if (saved !== undefined && saved !== null) values[field.key] = saved;
    else values[field.key] = field.type === 'TOGGLE' ? false : field.type === 'NUMBER' ? null : '';
  }
  return values;
}

/** What is sent: empty values left out, a number typed as text read as a number (or kept, to be refused). */
function valuesToSend(fields: readonly DrillField[], form: FormValues): ResultValues {
  const values: ResultValues = {};
  for (const field of fields) {
    const value = form[field.key];
    if (value === undefined || value === null || value === '') continue;
    if (field.type === 'NUMBER' && typeof value === 'string') {
      const number = Number(value.replace(',', '.'));
      values[field.key] = Number.isFinite(number) ? number : value;
    } else values[field.key] = value;
  }
  return values;
}

/** A date for <input type="datetime-local">, in local time. */
function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A field of whole numbers only: a whole step counted from a whole minimum (or 0). */
function isWholeField(field: Extract<DrillField, { type: 'NUMBER' }>): boolean {
  return field.step !== null && Number.isInteger(field.step) && (field.min === null || Number.isInteger(field.min));
}

/** The numeric keypad for whole numbers that cannot go below 0; the decimal one otherwise. */
function keypadOf(field: Extract<DrillField, { type: 'NUMBER' }>): 'numeric' | 'decimal' {
  return isWholeField(field) && field.min !== null && field.min >= 0 ? 'numeric' : 'decimal';
}

/**
 * A NUMBER field: NumberInput with the field's bounds and unit, on the keypad that fits it. Mantine
 * writes inputmode="decimal" over any given, so the whole-number keypad is set on the element.
 */
function NumberValueInput({
  field,
  value,
  error,
  onChange,
}: {
  field: Extract<DrillField, { type: 'NUMBER' }>;
  value: Value | undefined;
  error?: string;
  onChange: (value: Value) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const keypad = keypadOf(field);
  useLayoutEffect(() => {
    input.current?.setAttribute('inputmode', keypad);
  });
  return (
    <NumberInput
      ref={input}
      label={field.label}
      size="md"
      min={field.min ?? undefined}
      max={field.max ?? undefined}
      step={field.step ?? undefined}
      allowDecimal={!isWholeField(field)}
      allowNegative={field.min === null || field.min < 0}
      clampBehavior="none"
      hideControls
      rightSection={field.unit ? <Text size="sm">{field.unit}</Text> : undefined}
      rightSectionWidth={field.unit ? Math.max(40, field.unit.length * 9 + 16) : undefined}
      value={typeof value === 'number' || typeof value === 'string' ? value : ''}
      onChange={(next) => onChange(next === '' ? null : next)}
      error={error}
      required={field.required}
    />
  );
}

function ValueInput({
  field,
  value,
  error,
  onChange,
}: {
  field: DrillField;
  value: Value | undefined;
  error?: string;
  onChange: (value: Value) => void;
}) {
  const id = useId();
  switch (field.type) {
    case 'NUMBER':
      return <NumberValueInput field={field} value={value} error={error} onChange={onChange} />;
    case 'STRING': {
      const text = typeof value === 'string' ? value : '';
      const props = { label: field.label, size: 'md' as const, maxLength: field.max, value: text, error, required: field.required };
      return field.max > 120 ? (
        <Textarea {...props} rows={3} onChange={(e) => onChange(e.currentTarget.value)} />
      ) : (
        <TextInput {...props} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    }
    case 'SELECT': {
      const chosen = typeof value === 'string' ? value : '';
      return (
        <Input.Wrapper id={id} label={field.label} required={field.required} error={error} labelElement="div">
          <Chip.Group multiple={false} value={chosen} onChange={(next) => onChange(next)}>
            <Group
              gap={6}
              mt={4}
              role="radiogroup"
              aria-labelledby={`${id}-label`}
              aria-required={field.required}
              aria-describedby={error ? `${id}-error` : undefined}
            >
              {field.options.map((option) => (
                <Chip key={option} value={option} type="radio" size="md">
                  {option}
                </Chip>
              ))}
              {!field.required && chosen !== '' && (
                <Button variant="subtle" size="sm" h={44} onClick={() => onChange('')}>
                  Clear
                </Button>
              )}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
      );
    }
    case 'TOGGLE':
      return (
        <Switch size="md" label={field.label} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} error={error} />
      );
  }
}

export interface ResultFormProps {
  drill: DrillResponse;
  /** The event drill (a drill placed in a practice) the result is recorded against. */
  cedId: number;
  onSaved?: (result: DrillResultResponse) => void;
  /** The submit button's words for a new result (the drillresults page: "Save and next attempt"). */
  submitLabel?: string;
  /** A result to edit; left out: a new one. */
  result?: DrillResultResponse;
  /** When the event drill's event starts: a new attempt at an event on another day defaults to that time. */
  eventStart?: string;
}

const HALF_A_DAY_MS = 12 * 3600_000;

/** A new attempt is timed now, or at its event's start when that is more than 12 hours away (results entered after the day). */
export function defaultAttemptTime(eventStart: string | undefined, now: Date = new Date()): Date {
  if (!eventStart) return now;
  const start = new Date(eventStart);
  return Math.abs(now.getTime() - start.getTime()) > HALF_A_DAY_MS ? start : now;
}

/**
 * One attempt at a drill, built from its fields: numbers with the keypad and the field's bounds,
 * choices as chips, toggles as switches, text. Checked with checkResultValues before sending; the
 * API's reasons are shown at the fields they name. A free user reads what it needs instead.
 */
export function ResultForm({ drill, cedId, onSaved, result, eventStart, submitLabel = 'Record result' }: ResultFormProps) {
  const premium = useSession((s) => hasPremiumAccess(s.subscription));
  const [form, setForm] = useState<FormValues>(() => initialValues(drill.fields, result));
  const [time, setTime] = useState(() => toLocalInput(result ? new Date(result.time) : defaultAttemptTime(eventStart)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<{ message: string; premium: boolean } | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useSaveDrillResult();

  if (!premium) {
    return (
      <Alert
        color="gray"
        variant="light"
        icon={<IconLock size={18} aria-hidden />}
        title="Recording results needs premium"
        data-testid="result-form-premium"
      >
        <Text size="sm">
          Drills and their results come with a premium subscription (or a coach, team or academy plan).{' '}
          <Anchor component={Link} to={paths.subscriptions}>
            Subscribe
          </Anchor>{' '}
          to record your attempts and follow your progress.
        </Text>
      </Alert>
    );
  }

  function submit(submitted: FormEvent) {
    submitted.preventDefault();
    setSaved(false);
    setFailure(null);
    const when = new Date(time);
    if (time === '' || Number.isNaN(when.getTime())) {
      setErrors({ time: 'Give the date and time of the attempt' });
      return;
    }
    const checked = checkResultValues(drill.fields, valuesToSend(drill.fields, form));
    if (!checked.ok) {
      const found: Record<string, string> = {};
      for (const problem of checked.problems) found[problem.field] ??= problem.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(
      { resultId: result?.drillresult_id ?? null, body: { ced_id: cedId, time: when.toISOString(), values: checked.values } },
      {
        onSuccess: (savedResult) => {
          setSaved(true);
          if (!result) {
            setForm(initialValues(drill.fields, undefined));
            setTime(toLocalInput(defaultAttemptTime(eventStart)));
          }
          onSaved?.(savedResult);
        },
        onError: (cause) => {
          const found: Record<string, string> = {};
          if (cause instanceof ApiError && Array.isArray(cause.details)) {
            for (const detail of cause.details as { field?: unknown; message?: unknown }[]) {
              if (typeof detail?.field !== 'string' || typeof detail.message !== 'string') continue;
              found[detail.field.replace(/^values\./, '')] ??= detail.message;
            }
          }
          setErrors(found);
          const shownAtField = Object.keys(found).some((key) => key === 'time' || drill.fields.some((field) => field.key === key));
          if (!shownAtField) {
            setFailure({
              message: cause instanceof Error ? cause.message : 'The result was not saved. Try again.',
              premium: cause instanceof ApiError && cause.code === PREMIUM_REQUIRED_CODE,
            });
          }
        },
      },
    );
  }

  const anyRequired = drill.fields.some((field) => field.required);
  return (
    <form onSubmit={submit} noValidate aria-label={result ? 'Edit result' : 'Record a result'}>
      <Stack gap="sm">
        {anyRequired && (
          <Text size="sm" c="dimmed">
            Fields marked * are required.
          </Text>
        )}
        {drill.fields.map((field) => (
          <ValueInput
            key={field.key}
            field={field}
            value={form[field.key]}
            error={errors[field.key]}
            onChange={(value) => setForm((previous) => ({ ...previous, [field.key]: value }))}
          />
        ))}
        <TextInput
          label="When"
          type="datetime-local"
          size="md"
          value={time}
          onChange={(e) => setTime(e.currentTarget.value)}
          error={errors.time}
          required
        />
        {failure && (
          <Alert color={DANGER} variant="light" title="The result was not saved" role="alert">
            <Text size="sm">{failure.message}</Text>
            {failure.premium && (
              <Anchor component={Link} to={paths.subscriptions} size="sm">
                Subscribe
              </Anchor>
            )}
          </Alert>
        )}
        <Group justify="space-between" align="center">
          <Text size="sm" role="status" mih={20}>
            {saved ? 'Result saved.' : ''}
          </Text>
          <Button type="submit" h={44} loading={save.isPending}>
            {result ? 'Save result' : submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
