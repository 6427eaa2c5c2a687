import { Alert, Anchor, Badge, Button, Center, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { BENCHMARK_LEVELS, hasPremiumAccess, type BenchmarkLevel, type EventType } from '@holeout/golf';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { session } from '../../../lib/session/session.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { DANGER } from '../../../lib/theme.ts';
import { useDeleteEvent } from '../api/delete-event.ts';
import { useEvent } from '../../../lib/event-query.ts';
import { useUnshareEvent } from '../api/unshare-event.ts';
import { EventComments } from '../components/event-comments.tsx';
import { EventDrillsSection, holdsDrills } from '../components/event-drills-picker.tsx';
import { EventFormDialog, type NewEventDefaults } from '../components/event-form.tsx';
import { EventOwner } from '../components/event-owner.tsx';
import { formatToPar } from '../../../lib/format.ts';
import { CREATABLE_TYPES, EVENT_TYPE_LABELS, eventAbilities, eventTitle, SCOPE_LABELS } from '../components/event-labels.ts';
import { RoundDetails } from '../components/scorecard.tsx';
import { ShareDialog } from '../components/share-dialog.tsx';
import { ShotPaths } from '../components/shot-paths.tsx';
import { positiveId } from '../../../lib/route-params.ts';

function asBenchmark(value: string): BenchmarkLevel {
  return (BENCHMARK_LEVELS as readonly string[]).includes(value) ? (value as BenchmarkLevel) : 'TOUR';
}

/** ?new=PRACTICE|LESSON|WORKOUT|NOTE (with ?date=YYYY-MM-DD) starts a new event; ROUND goes to Add Round. */
function newEventOf(params: URLSearchParams): NewEventDefaults | 'ROUND' | null {
  const type = params.get('new');
  if (type === 'ROUND') return 'ROUND';
  const eventType = CREATABLE_TYPES.find((creatable) => creatable === type);
  if (!eventType) return null;
  const date = params.get('date') ?? '';
  return { eventType, date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined };
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack maw={760}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A new event from a link (the calendar's Add event): the editor opens on that day with that type. */
function NewEvent({ defaults }: { defaults: NewEventDefaults }) {
  const navigate = useNavigate();
  const location = useLocation();
  const label = EVENT_TYPE_LABELS[defaults.eventType ?? 'PRACTICE'].toLowerCase();
  // Back where the user came from (the calendar); opened directly, to the events.
  const leave = () => (location.key === 'default' ? void navigate(paths.events, { replace: true }) : void navigate(-1));
  return (
    <Frame title="New event">
      <Text size="sm">Fill in the new {label}; Cancel goes back.</Text>
      <EventFormDialog
        event={null}
        defaults={defaults}
        onClose={leave}
        onSaved={(saved) => void navigate(`${paths.event}?event_id=${saved.event_id}`, { replace: true })}
      />
    </Frame>
  );
}

/**
 * Event (route event, ?event_id=N): any event; a round with its scorecard and strokes gained, a
 * practice, lesson or workout with its drills. ?new=TYPE&date=YYYY-MM-DD opens a new event instead.
 */
export default function EventPage() {
  const [params] = useSearchParams();
  const eventId = positiveId(params.get('event_id'));
  const newEvent = eventId === null ? newEventOf(params) : null;
  const premium = useSession((s) => hasPremiumAccess(s.subscription));
  const query = useEvent(eventId);
  const uid = useSession((s) => s.user.uid);
  const benchmark = useSession((s) => asBenchmark(s.user.benchmark));
  const selected = useSession((s) => (eventId === null ? false : s.selectedRounds.includes(eventId)));
  const selectedCount = useSession((s) => s.selectedRounds.length);
  const navigate = useNavigate();
  const remove = useDeleteEvent();
  const unshare = useUnshareEvent();
  const [dialog, setDialog] = useState<'edit' | 'share' | null>(null);

  if (newEvent === 'ROUND') return <Navigate to={paths.scanner} replace />;
  if (newEvent) return <NewEvent defaults={newEvent} />;
  if (eventId === null) {
    return (
      <Frame title="Event">
        <Text>
          No event was chosen. Open one from{' '}
          <Anchor component={Link} to={paths.events}>
            your events
          </Anchor>
          .
        </Text>
      </Frame>
    );
  }
  if (query.isPending) {
    return (
      <Frame title="Event">
        <Center mih={160}>
          <Loader aria-label="Loading event" />
        </Center>
      </Frame>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Frame title="Event">
        <Alert color="gray" variant="light" title={query.isError ? 'The event could not be loaded' : 'No such event'}>
          <Text size="sm">{query.isError ? 'Try again in a moment.' : 'This event does not exist, or it is not shared with you.'}</Text>
        </Alert>
        <Anchor component={Link} to={paths.events}>
          Back to events
        </Anchor>
      </Frame>
    );
  }

  const event = query.data;
  const abilities = eventAbilities(event.permissions);
  const mine = event.uid === uid;
  const type = event.event_type as EventType;
  const summary = event.round_summary;

  function confirmDelete() {
    modals.openConfirmModal({
      title: 'Delete event',
      children: <Text size="sm">Are you sure you want to delete this {EVENT_TYPE_LABELS[type].toLowerCase()}? This cannot be undone.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: DANGER },
      onConfirm: () => remove.mutate(event.event_id, { onSuccess: () => void navigate(paths.events) }),
    });
  }

  function confirmRemoveFromList() {
    modals.openConfirmModal({
      title: 'Remove from my list',
      children: (
        <Text size="sm">
          Are you sure you want to remove this {EVENT_TYPE_LABELS[type].toLowerCase()} from your list? Its owner keeps it.
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      onConfirm: () => unshare.mutate(event.event_id, { onSuccess: () => void navigate(paths.events) }),
    });
  }

  return (
    <Frame title={eventTitle(event)}>
      {!mine && <EventOwner uid={event.uid} lead={`${EVENT_TYPE_LABELS[type]} by `} size="md" />}
      <Group gap="xs">
        <Badge variant="light" color="gray">
          {EVENT_TYPE_LABELS[type]}
        </Badge>
        <Text size="sm">
          {formatDateTime(event.start)}
          {event.end ? ` to ${formatDateTime(event.end)}` : ''}
        </Text>
        {!mine && (
          <Badge variant="outline" color="dark">
            Shared with you{abilities.edit ? ', you may edit it' : ', view only'}
          </Badge>
        )}
      </Group>
      {summary && (
        <Text data-testid="round-total">
          {summary.course ? `${summary.course} · ` : ''}
          Score <b>{summary.score}</b> ({formatToPar(summary.to_par)}) over {summary.holes} {summary.holes === 1 ? 'hole' : 'holes'}, par{' '}
          {summary.par}
        </Text>
      )}
      {event.tags.length > 0 && (
        <Group gap={4} aria-label="Tags">
          {event.tags.map((tag) => (
            <Badge key={tag} variant="outline">
              {tag}
            </Badge>
          ))}
        </Group>
      )}
      {event.notes && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {event.notes}
        </Text>
      )}
      {mine && (
        <Text size="sm" c="dimmed">
          Shared: {SCOPE_LABELS[event.share as keyof typeof SCOPE_LABELS] ?? event.share}
        </Text>
      )}
      <Group gap="xs">
        {abilities.edit && (
          <Button variant="default" h={44} onClick={() => setDialog('edit')}>
            Edit
          </Button>
        )}
        {abilities.edit && type === 'ROUND' && (
          <Button variant="default" h={44} component={Link} to={`${paths.scanner}?event_id=${event.event_id}`}>
            Edit shots
          </Button>
        )}
        {abilities.share && (
          <Button variant="default" h={44} onClick={() => setDialog('share')}>
            Share
          </Button>
        )}
        {abilities.delete && (
          <Button variant="outline" color={DANGER} h={44} onClick={confirmDelete} loading={remove.isPending}>
            Delete
          </Button>
        )}
        {abilities.removeFromList && (
          <Button variant="outline" h={44} onClick={confirmRemoveFromList} loading={unshare.isPending}>
            Remove from my list
          </Button>
        )}
      </Group>
      {type === 'ROUND' && (
        // Selecting narrows the statistics to the selected rounds; an unticked round is still counted
        // while nothing is selected, so the label names the selection, not whether the round counts.
        <Checkbox
          size="md"
          label="Select for statistics"
          description={
            selectedCount > 0
              ? `Statistics count only the selected rounds (${selectedCount} selected now).`
              : 'Selecting narrows every statistic to the selected rounds. With none selected, all rounds count.'
          }
          checked={selected}
          onChange={() => session.toggleRoundSelection(event.event_id)}
        />
      )}
      {(holdsDrills(type) || event.eventdrills.length > 0) && (
        <EventDrillsSection event={event} premium={premium} onEdit={() => setDialog('edit')} />
      )}
      {event.round && <RoundDetails round={event.round} defaultBenchmark={benchmark} />}
      {event.round && <ShotPaths round={event.round} />}
      <EventComments event={event} />
      {dialog === 'edit' && <EventFormDialog event={event} onClose={() => setDialog(null)} onSaved={() => setDialog(null)} />}
      {dialog === 'share' && <ShareDialog event={event} onClose={() => setDialog(null)} />}
    </Frame>
  );
}
