import { ActionIcon, Anchor, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { MAX_EVENT_DRILLS, type EventResponse } from '@holeout/contracts';
import { PERMISSIONS } from '@holeout/golf';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { DANGER } from '../../../lib/theme.ts';
import { useDrillByCed, useDrills, useEventDrillResults } from '../../drills/index.ts';

/** The event types that hold drills (a round and a note do not). */
export const DRILL_EVENT_TYPES = ['PRACTICE', 'LESSON', 'WORKOUT'] as const;

export const holdsDrills = (type: string): boolean => (DRILL_EVENT_TYPES as readonly string[]).includes(type);

/** A drill of the event as the body sends it: a saved one keeps its ced_id (and with it its results). */
export interface EventDrillEntry {
  drill_id: number;
  ced_id?: number;
}

/** The entries of a saved event, in order. */
export const entriesOfEvent = (event: Pick<EventResponse, 'eventdrills'> | null): EventDrillEntry[] =>
  (event?.eventdrills ?? []).map(({ drill_id, ced_id }) => ({ drill_id, ced_id }));

/**
 * The title of an event drill: from the drills the caller sees (`listDrills`: premium users, who
 * may list them), else by its ced_id (open to anyone who may see the event, though the drill
 * itself may not be shared with them). Undefined while loading.
 */
export function useEventDrillTitle(entry: EventDrillEntry, listDrills: boolean): string | undefined {
  const drills = useDrills(listDrills);
  const known = drills.data?.find((drill) => drill.drill_id === entry.drill_id);
  const listSettled = !listDrills || !drills.isPending;
  const lookUp = !known && listSettled && entry.ced_id !== undefined;
  const byCed = useDrillByCed(lookUp ? entry.ced_id! : null);
  if (known) return known.title;
  if (byCed.data) return byCed.data.title;
  if (!listSettled || (lookUp && byCed.isPending)) return undefined;
  return 'Unknown drill';
}

function EventDrillLink({ entry, listDrills }: { entry: EventDrillEntry & { ced_id: number }; listDrills: boolean }) {
  const title = useEventDrillTitle(entry, listDrills);
  return (
    <li>
      <Anchor component={Link} to={`${paths.drill}?ced_id=${entry.ced_id}`}>
        {title ?? 'Loading drill…'}
      </Anchor>
    </li>
  );
}

/**
 * The event page's drills (practice, lesson, workout): each links to its drill; "Record results"
 * for whoever may add to the event. Adding drills is for premium users who may edit the event.
 */
export function EventDrillsSection({ event, premium, onEdit }: { event: EventResponse; premium: boolean; onEdit: () => void }) {
  const headingId = useId();
  const entries = event.eventdrills;
  const canEdit = event.permissions >= PERMISSIONS.MODIFY;
  const canRecord = event.permissions >= PERMISSIONS.ADD;
  return (
    <Stack component="section" gap="xs" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        Drills
      </Title>
      {entries.length === 0 ? (
        <Text size="sm">
          No drills in this {event.event_type.toLowerCase()} yet.
          {canEdit && premium ? ' Add the drills you worked on to record their results.' : ''}
        </Text>
      ) : (
        <Stack component="ol" gap={4} m={0} pl="lg" aria-labelledby={headingId}>
          {entries.map((entry) => (
            <EventDrillLink key={entry.ced_id} entry={entry} listDrills={premium} />
          ))}
        </Stack>
      )}
      <Group gap="xs">
        {canRecord && entries.length > 0 && (
          <Button component={Link} to={`${paths.drillresults}?event_id=${event.event_id}`} h={44}>
            Record results
          </Button>
        )}
        {canEdit && premium && (
          <Button variant="default" h={44} onClick={onEdit}>
            {entries.length === 0 ? 'Add drills' : 'Change drills'}
          </Button>
        )}
      </Group>
      {canEdit && !premium && (
        <Text size="sm">
          Adding drills to an event comes with a premium subscription.{' '}
          <Anchor component={Link} to={paths.subscriptions}>
            Subscribe
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}

interface RowProps {
  entry: EventDrillEntry;
  index: number;
  count: number;
  editable: boolean;
  /** Removing it deletes results (or whether it has any is not known). */
  warn: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

function PickerRow({ entry, index, count, editable, warn, onMove, onRemove }: RowProps) {
  const title = useEventDrillTitle(entry, editable) ?? 'Loading drill…';
  const [confirming, setConfirming] = useState(false);
  return (
    <li data-testid="picked-drill">
      <Group gap={4} wrap="nowrap" mih={44}>
        <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {index + 1}. {title}
        </Text>
        {editable && (
          <>
            <ActionIcon
              variant="default"
              size={44}
              aria-label={`Move ${title} up`}
              disabled={index === 0}
              onClick={() => onMove(index, index - 1)}
            >
              <IconArrowUp size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size={44}
              aria-label={`Move ${title} down`}
              disabled={index === count - 1}
              onClick={() => onMove(index, index + 1)}
            >
              <IconArrowDown size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size={44}
              aria-label={`Remove ${title}`}
              onClick={() => (warn ? setConfirming(true) : onRemove(index))}
            >
              <IconX size={18} aria-hidden />
            </ActionIcon>
          </>
        )}
      </Group>
      {confirming && (
        <Paper withBorder p="xs" mt={4} role="alert" bg="gray.0">
          <Stack gap="xs">
            <Text size="sm">Remove "{title}" from this event? Its results in this event are deleted too, when you save.</Text>
            <Group gap="xs">
              <Button variant="default" h={44} onClick={() => setConfirming(false)}>
                Keep it
              </Button>
              <Button color={DANGER} h={44} onClick={() => onRemove(index)}>
                Remove
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </li>
  );
}

export interface EventDrillsPickerProps {
  value: EventDrillEntry[];
  onChange: (value: EventDrillEntry[]) => void;
  /** Only premium users add, remove and reorder drills; others see the list. */
  premium: boolean;
  /** What the API said of the drills (an unknown drill, too many). */
  error?: string;
}

/** The editor's drills: add from the caller's drills, remove (warning when results go too) and reorder. */
export function EventDrillsPicker({ value, onChange, premium, error }: EventDrillsPickerProps) {
  const labelId = useId();
  const drills = useDrills(premium);
  // The event drills saved before this edit: only those can have results.
  const [savedCedIds] = useState(() => value.flatMap((entry) => (entry.ced_id === undefined ? [] : [entry.ced_id])));
  const results = useEventDrillResults(premium ? savedCedIds : []);
  const withResults = new Set((results.data ?? []).map((result) => result.ced_id));
  const resultsKnown = savedCedIds.length === 0 || results.isSuccess;
  const picked = new Set(value.map((entry) => entry.drill_id));
  const addable = (drills.data ?? []).filter((drill) => !picked.has(drill.drill_id)).sort((a, b) => a.title.localeCompare(b.title));
  const full = value.length >= MAX_EVENT_DRILLS;

  function move(from: number, to: number) {
    const next = [...value];
    const [entry] = next.splice(from, 1);
    next.splice(to, 0, entry!);
    onChange(next);
  }

  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500}>
        Drills
      </Text>
      {value.length === 0 ? (
        <Text size="sm">No drills yet.</Text>
      ) : (
        <Stack component="ol" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
          {value.map((entry, index) => (
            <PickerRow
              key={entry.drill_id}
              entry={entry}
              index={index}
              count={value.length}
              editable={premium}
              warn={entry.ced_id !== undefined && (!resultsKnown || withResults.has(entry.ced_id))}
              onMove={move}
              onRemove={(at) => onChange(value.filter((_, i) => i !== at))}
            />
          ))}
        </Stack>
      )}
      {error && (
        <Text size="sm" c={DANGER} role="alert">
          {error}
        </Text>
      )}
      {!premium && (
        <Text size="sm">
          Adding drills comes with a premium subscription.{' '}
          <Anchor component={Link} to={paths.subscriptions}>
            Subscribe
          </Anchor>
        </Text>
      )}
      {premium && drills.isSuccess && drills.data.length === 0 && (
        <Text size="sm">
          You have no drills yet.{' '}
          <Anchor component={Link} to={paths.drills}>
            Create one on the Drills page
          </Anchor>
          , then add it here.
        </Text>
      )}
      {premium && addable.length > 0 && (
        <NativeSelect
          label="Add a drill"
          description={full ? `An event holds at most ${MAX_EVENT_DRILLS} drills` : 'It goes to the end of the list'}
          disabled={full}
          data={[
            { value: '', label: 'Choose a drill' },
            ...addable.map((drill) => ({ value: String(drill.drill_id), label: drill.title })),
          ]}
          value=""
          onChange={(e) => {
            const drillId = Number(e.currentTarget.value);
            if (drillId > 0) onChange([...value, { drill_id: drillId }]);
          }}
        />
      )}
    </Stack>
  );
}
