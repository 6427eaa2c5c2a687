import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Checkbox,
  Chip,
  Group,
  Loader,
  MultiSelect,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPlus } from '@tabler/icons-react';
import type { EventResponse } from '@holeout/contracts';
import { EVENT_TYPES, type EventType } from '@holeout/golf';
import { useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { session } from '../../../lib/session/session.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useEventsList, NO_FILTERS, type EventFilters } from '../api/list-events.ts';
import { useTags } from '../../../lib/tags.ts';
import { EventFormDialog } from '../components/event-form.tsx';
import { formatToPar } from '../../../lib/format.ts';
import { personName, usePeople } from '../../../lib/people.ts';
import { EVENT_TYPE_LABELS, eventTitle, formatRoundSg } from '../components/event-labels.ts';
import { useListedRoundsSg, type ListedRoundSg } from '../api/listed-rounds-sg.ts';
import { EventOwner } from '../components/event-owner.tsx';
import { foldRepeats } from '../lib/event-repeats.ts';
import { ImportRoundsButton } from '../components/import-rounds-button.tsx';

const eventPath = (eventId: number) => `${paths.event}?event_id=${eventId}`;

/**
 * Whose events: everyone's the caller sees, their own, or one person's of those GET /people names (the
 * people whose shares reach the caller and their organisations' members, the only owners a list can hold).
 */
function PlayerFilter({ value, onChange }: { value: number | null; onChange: (uid: number | null) => void }) {
  const uid = useSession((s) => s.user.uid);
  const people = usePeople();
  const others = (people.data?.people ?? []).filter((person) => person.uid !== uid);
  if (others.length === 0 && value === null) return null;
  const data = [
    { value: '', label: 'Everyone' },
    { value: String(uid), label: 'Me' },
    ...others.map((person) => ({ value: String(person.uid), label: personName(person) })),
  ];
  // A chosen person no longer listed (left the organisation) stays choosable until the filter changes.
  if (value !== null && !data.some((option) => option.value === String(value))) data.push({ value: String(value), label: 'Unknown' });
  return (
    <NativeSelect
      label="Player"
      data={data}
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
    />
  );
}

function Filters({ filters, onChange }: { filters: EventFilters; onChange: (filters: EventFilters) => void }) {
  const tags = useTags();
  const tagNames = [...new Set((tags.data ?? []).map((tag) => tag.name))];
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="filters-heading">
      <Stack gap="xs">
        <Title order={2} size="h4" id="filters-heading">
          Filters
        </Title>
        <PlayerFilter value={filters.uid} onChange={(uid) => onChange({ ...filters, uid })} />
        <Chip.Group multiple value={filters.types} onChange={(types) => onChange({ ...filters, types: types as EventType[] })}>
          <Group gap={6} role="group" aria-label="Types">
            {EVENT_TYPES.map((type) => (
              <Chip key={type} value={type} size="md">
                {EVENT_TYPE_LABELS[type]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Group grow wrap="wrap" gap="xs">
          <TextInput
            label="From date"
            type="date"
            miw={140}
            value={filters.from}
            onChange={(e) => onChange({ ...filters, from: e.currentTarget.value })}
          />
          <TextInput
            label="To date"
            type="date"
            miw={140}
            value={filters.to}
            onChange={(e) => onChange({ ...filters, to: e.currentTarget.value })}
          />
        </Group>
        {tagNames.length > 0 && (
          <MultiSelect
            label="Tags"
            placeholder={filters.tags.length === 0 ? 'Any tag' : undefined}
            data={tagNames}
            value={filters.tags}
            onChange={(value) => onChange({ ...filters, tags: value })}
            clearable
          />
        )}
        {JSON.stringify(filters) !== JSON.stringify(NO_FILTERS) && (
          <Group>
            <Button variant="subtle" size="sm" h={44} onClick={() => onChange(NO_FILTERS)}>
              Clear filters
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** Strokes gained of a listed round against the viewer's benchmark: "SG +1.2 vs 80 golfer". */
function RoundSg({ sg }: { sg: ListedRoundSg }) {
  return (
    <Text size="sm" data-testid="round-sg">
      <abbr title="Strokes gained">SG</abbr> <b>{formatRoundSg(sg.total)}</b> vs {sg.benchmark}
    </Text>
  );
}

function EventCard({
  event,
  mine,
  selected,
  sg,
}: {
  event: EventResponse;
  mine: boolean;
  selected: boolean;
  /** The round's strokes gained, once known; never for other types. */
  sg: ListedRoundSg | undefined;
}) {
  const owner = !mine && <EventOwner uid={event.uid} />;
  const name = eventTitle(event);
  const summary = event.round_summary;
  const date = formatDateTime(event.start);
  return (
    <Card withBorder padding="sm" component="li" data-testid="event-card">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {event.event_type === 'ROUND' && (
          <Checkbox
            mt={4}
            size="md"
            checked={selected}
            onChange={() => session.toggleRoundSelection(event.event_id)}
            aria-label={`Select ${name} on ${date} for statistics`}
          />
        )}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color="gray">
              {EVENT_TYPE_LABELS[event.event_type as EventType] ?? event.event_type}
            </Badge>
            {!mine && (
              <Badge variant="outline" color="dark">
                Shared with you
              </Badge>
            )}
            <Text size="sm" c="dimmed">
              {date}
            </Text>
          </Group>
          <Anchor component={Link} to={eventPath(event.event_id)} fw={600}>
            {name}
          </Anchor>
          {owner}
          {summary && (
            <Text size="sm" data-testid="round-summary">
              {summary.course ? `${summary.course} · ` : ''}
              Score <b>{summary.score}</b> ({formatToPar(summary.to_par)}) · {summary.holes} {summary.holes === 1 ? 'hole' : 'holes'}
            </Text>
          )}
          {event.event_type === 'ROUND' && sg && <RoundSg sg={sg} />}
          {event.tags.length > 0 && (
            <Group gap={4}>
              {event.tags.map((tag) => (
                <Badge key={tag} size="sm" variant="outline">
                  {tag}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/** Names of the owners of folded repeats: one name, or how many people ("13 players"). */
function RepeatOwners({ events, uid }: { events: readonly EventResponse[]; uid: number }) {
  const owners = [...new Set(events.map((event) => event.uid))];
  const [only] = owners;
  if (owners.length === 1 && only !== undefined) return only === uid ? null : <EventOwner uid={only} />;
  const includesMe = owners.includes(uid);
  return (
    <Text size="sm" fw={500}>
      {owners.length} players{includesMe ? ', you among them' : ''}
    </Text>
  );
}

/**
 * Repeats folded into one row ("Academy team session ×13"): a button opens them in place, each a card
 * of its own. Their dates span from the newest to the oldest, as the list runs.
 */
function RepeatsRow({
  title,
  events,
  uid,
  selectedRounds,
  roundsSg,
  open,
  onToggle,
}: {
  title: string;
  events: EventResponse[];
  uid: number;
  selectedRounds: readonly number[];
  roundsSg: Record<number, ListedRoundSg>;
  open: boolean;
  onToggle: () => void;
}) {
  const listId = useId();
  const [first] = events;
  const last = events[events.length - 1];
  if (!first || !last) return null;
  const newest = formatDateTime(first.start);
  const oldest = formatDateTime(last.start);
  const Chevron = open ? IconChevronDown : IconChevronRight;
  return (
    <Card withBorder padding="sm" component="li" data-testid="event-repeats">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color="gray">
            {EVENT_TYPE_LABELS[first.event_type as EventType] ?? first.event_type}
          </Badge>
          <Text size="sm" c="dimmed">
            {newest === oldest ? newest : `${oldest} to ${newest}`}
          </Text>
        </Group>
        <Button
          variant="subtle"
          justify="flex-start"
          px={4}
          h={44}
          leftSection={<Chevron size={18} aria-hidden />}
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          onClick={onToggle}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        >
          {title} ×{events.length}
        </Button>
        <RepeatOwners events={events} uid={uid} />
        {open && (
          <Stack
            component="ul"
            id={listId}
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={`${title}, ${events.length} events`}
          >
            {events.map((event) => (
              <EventCard
                key={event.event_id}
                event={event}
                mine={event.uid === uid}
                selected={selectedRounds.includes(event.event_id)}
                sg={roundsSg[event.event_id]}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** Events (route events): the user's events and those shared with them, newest first. */
export default function EventsPage() {
  const uid = useSession((s) => s.user.uid);
  const isCoach = useSession((s) => s.user.is_coach);
  const selectedRounds = useSession((s) => s.selectedRounds);
  const [params] = useSearchParams();
  // A shared tag's notification (and the tag manager) opens the list filtered by that tag: ?tags=College%20season
  const [filters, setFilters] = useState<EventFilters>(() => {
    const tags = (params.get('tags') ?? '')
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== '');
    return tags.length > 0 ? { ...NO_FILTERS, tags } : NO_FILTERS;
  });
  const [creating, setCreating] = useState(false);
  const [openRepeats, setOpenRepeats] = useState<ReadonlySet<number>>(new Set());
  const toggleRepeats = (key: number) =>
    setOpenRepeats((open) => {
      const next = new Set(open);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const navigate = useNavigate();
  const list = useEventsList(filters);
  const events = list.data?.pages.flat() ?? [];
  const roundsSg = useListedRoundsSg(list.data?.pages ?? []);
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  const addRound = !isCoach && (
    <Button component={Link} to={paths.scanner} leftSection={<IconPlus size={18} aria-hidden />} h={44}>
      Add Round
    </Button>
  );

  return (
    <Stack maw={760}>
      <Title order={1} size="h2">
        Events
      </Title>
      <Group gap="xs">
        {addRound}
        <Button variant="default" h={44} onClick={() => setCreating(true)}>
          New event
        </Button>
        {!isCoach && <ImportRoundsButton />}
        <Button component={Link} to={paths.tagManager} variant="subtle" h={44}>
          Manage tags
        </Button>
      </Group>
      <Filters filters={filters} onChange={setFilters} />
      <Group gap="xs" role="status" mih={36}>
        {selectedRounds.length > 0 && (
          <>
            <Text size="sm">
              {selectedRounds.length === 1 ? '1 round selected' : `${selectedRounds.length} rounds selected`} for statistics.
            </Text>
            <Button variant="subtle" size="sm" h={36} onClick={() => session.setSelectedRounds([])}>
              Clear selection
            </Button>
          </>
        )}
      </Group>

      {list.isPending && (
        <Center mih={120}>
          <Loader aria-label="Loading events" />
        </Center>
      )}
      {list.isError && (
        <Alert color="gray" variant="light" title="Your events could not be loaded">
          <Button variant="default" size="sm" mt="xs" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {list.isSuccess && events.length === 0 && (
        <Card withBorder padding="lg" data-testid="events-empty">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {filtered ? 'No events match these filters' : 'No events yet'}
            </Title>
            <Text size="sm">
              {filtered
                ? 'Try another player, other types, dates or tags, or clear the filters.'
                : 'Your rounds, practice sessions, lessons, workouts and notes will be listed here, newest first, together with those shared with you. Select rounds here to narrow your statistics to them.'}
            </Text>
            {!filtered && addRound && <Group>{addRound}</Group>}
          </Stack>
        </Card>
      )}
      {events.length > 0 && (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Events">
          {foldRepeats(events).map((row) =>
            row.kind === 'event' ? (
              <EventCard
                key={row.event.event_id}
                event={row.event}
                mine={row.event.uid === uid}
                selected={selectedRounds.includes(row.event.event_id)}
                sg={roundsSg[row.event.event_id]}
              />
            ) : (
              <RepeatsRow
                key={`repeats-${row.key}`}
                title={row.title}
                events={row.events}
                uid={uid}
                selectedRounds={selectedRounds}
                roundsSg={roundsSg}
                open={openRepeats.has(row.key)}
                onToggle={() => toggleRepeats(row.key)}
              />
            ),
          )}
        </Stack>
      )}
      {list.hasNextPage && (
        <Group justify="center">
          <Button variant="default" h={44} loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            Load more
          </Button>
        </Group>
      )}
      {creating && (
        <EventFormDialog
          event={null}
          onClose={() => setCreating(false)}
          onSaved={(saved) => {
            setCreating(false);
            void navigate(eventPath(saved.event_id));
          }}
        />
      )}
    </Stack>
  );
}
