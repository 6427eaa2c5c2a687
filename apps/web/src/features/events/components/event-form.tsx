import { Anchor, Button, Group, Modal, NativeSelect, Stack, TagsInput, Text, TextInput, Textarea } from '@mantine/core';
import { eventBody, type EventBody, type EventResponse } from '@holeout/contracts';
import { hasPremiumAccess, SHARE_SCOPES, type EventType, type ShareScope } from '@holeout/golf';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useSaveEvent } from '../api/save-event.ts';
import { useTags } from '../../../lib/tags.ts';
import { entriesOfEvent, EventDrillsPicker, holdsDrills, type EventDrillEntry } from './event-drills-picker.tsx';
import { CREATABLE_TYPES, EVENT_TYPE_LABELS, fromLocalDateTimeInput, SCOPE_LABELS, toLocalDateTimeInput } from './event-labels.ts';

const DEFAULT_SCOPE = '';

interface FormState {
  event_type: EventType;
  title: string;
  start: string;
  end: string;
  notes: string;
  tags: string[];
  share: ShareScope | typeof DEFAULT_SCOPE;
  eventdrills: EventDrillEntry[];
}

/** What a new event starts with: a type and a day chosen elsewhere (the calendar), else a practice now. */
export interface NewEventDefaults {
  eventType?: (typeof CREATABLE_TYPES)[number];
  /** YYYY-MM-DD (local): the event starts that day at the current hour. */
  date?: string;
}

/** The start of a new event: now, or the given day at the current hour. */
function newEventStart(now: Date, date: string | undefined): Date {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  if (!match) return now;
  const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), now.getHours());
  return Number.isNaN(day.getTime()) || day.getDate() !== Number(match[3]) ? now : day;
}

function initialState(event: EventResponse | null, now: Date, defaults: NewEventDefaults = {}): FormState {
  if (!event) {
    const start = toLocalDateTimeInput(newEventStart(now, defaults.date).toISOString());
    return {
      event_type: defaults.eventType ?? 'PRACTICE',
      title: '',
      start,
      end: '',
      notes: '',
      tags: [],
      share: DEFAULT_SCOPE,
      eventdrills: [],
    };
  }
  return {
    event_type: event.event_type as EventType,
    title: event.title,
    start: toLocalDateTimeInput(event.start),
    end: event.end ? toLocalDateTimeInput(event.end) : '',
    notes: event.notes,
    tags: event.tags,
    share: event.share as ShareScope,
    eventdrills: entriesOfEvent(event),
  };
}

/** The first message per field of a failed parse or a 400 answer. */
function errorsByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

export interface EventFormProps {
  /** The event edited; null creates a new practice, lesson, workout or note. */
  event: EventResponse | null;
  onClose: () => void;
  onSaved: (event: EventResponse) => void;
  /** A new event's type and day (ignored when editing). */
  defaults?: NewEventDefaults;
}

/** Create or edit an event: type, title, dates, notes, tags, drills (practice, lesson, workout), and (new events) who sees it. */
export function EventFormDialog({ event, onClose, onSaved, defaults }: EventFormProps) {
  const [form, setForm] = useState<FormState>(() => initialState(event, new Date(), defaults));
  const premium = useSession((s) => hasPremiumAccess(s.subscription));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveEvent();
  const tags = useTags();
  const creating = event === null;
  const isRound = form.event_type === 'ROUND';

  function submit(submitted: FormEvent) {
    submitted.preventDefault();
    const start = fromLocalDateTimeInput(form.start);
    if (!start) {
      setErrors({ start: 'Give the date and time it started' });
      return;
    }
    const candidate: Record<string, unknown> = {
      event_type: form.event_type,
      title: form.title,
      start,
      end: isRound ? (event?.end ?? null) : fromLocalDateTimeInput(form.end),
      notes: form.notes,
      tags: form.tags,
      round: event?.round ?? null,
    };
    if (creating && form.share) candidate.share = form.share;
    // Only premium users change drills; left out, the saved ones stay as they are.
    if (premium && holdsDrills(form.event_type))
      candidate.eventdrills = form.eventdrills.map(({ drill_id, ced_id }) => (ced_id === undefined ? { drill_id } : { drill_id, ced_id }));
    const parsed = eventBody.safeParse(candidate);
    if (!parsed.success) {
      setErrors(errorsByField(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(
      { eventId: event?.event_id ?? null, body: parsed.data as EventBody },
      {
        onSuccess: onSaved,
        onError: (cause) => {
          if (cause instanceof ApiError && Array.isArray(cause.details)) {
            setErrors(
              errorsByField(
                (cause.details as { field?: string; message?: string }[]).map((d) => ({
                  path: [d.field ?? 'form'],
                  message: d.message ?? cause.message,
                })),
              ),
            );
          }
        },
      },
    );
  }

  const title = creating ? 'New event' : `Edit ${EVENT_TYPE_LABELS[form.event_type].toLowerCase()}`;
  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {creating && (
            <NativeSelect
              label="Type"
              data={CREATABLE_TYPES.map((type) => ({ value: type, label: EVENT_TYPE_LABELS[type] }))}
              value={form.event_type}
              onChange={(e) => setForm({ ...form, event_type: e.currentTarget.value as EventType })}
            />
          )}
          <TextInput
            label="Title"
            value={form.title}
            maxLength={120}
            onChange={(e) => setForm({ ...form, title: e.currentTarget.value })}
            error={errors.title}
          />
          <TextInput
            label="Start"
            type="datetime-local"
            value={form.start}
            onChange={(e) => setForm({ ...form, start: e.currentTarget.value })}
            error={errors.start}
            aria-required
          />
          {!isRound && (
            <TextInput
              label="End"
              description="Optional"
              type="datetime-local"
              value={form.end}
              onChange={(e) => setForm({ ...form, end: e.currentTarget.value })}
              error={errors.end}
            />
          )}
          <Textarea
            label="Notes"
            rows={4}
            value={form.notes}
            onChange={(e) => setForm({ ...form, notes: e.currentTarget.value })}
            error={errors.notes}
          />
          <TagsInput
            label="Tags"
            description="Type a tag and press Enter"
            data={(tags.data ?? []).map((tag) => tag.name)}
            value={form.tags}
            maxTags={20}
            onChange={(value) => setForm({ ...form, tags: value })}
            error={errors.tags}
          />
          {holdsDrills(form.event_type) && (
            <EventDrillsPicker
              value={form.eventdrills}
              onChange={(eventdrills) => setForm({ ...form, eventdrills })}
              premium={premium}
              error={errors.eventdrills}
            />
          )}
          {creating && (
            <NativeSelect
              label="Who can see it"
              data={[
                { value: DEFAULT_SCOPE, label: 'My usual sharing (from my settings)' },
                ...SHARE_SCOPES.map((scope) => ({ value: scope, label: SCOPE_LABELS[scope] })),
              ]}
              value={form.share}
              onChange={(e) => setForm({ ...form, share: e.currentTarget.value as ShareScope | typeof DEFAULT_SCOPE })}
            />
          )}
          {isRound && event && (
            <Text size="sm">
              To change the shots,{' '}
              <Anchor component={Link} to={`${paths.scanner}?event_id=${event.event_id}`}>
                edit them in Add Round
              </Anchor>
              .
            </Text>
          )}
          {errors.form && (
            <Text size="sm" c="red.9" role="alert">
              {errors.form}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {creating ? 'Create' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
