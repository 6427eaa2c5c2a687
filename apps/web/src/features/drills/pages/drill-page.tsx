import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { BOTH_DRILL_IDS_MESSAGE, type DrillResponse, type DrillResultResponse, type EventResponse } from '@holeout/contracts';
import { formatDate, formatStat, hasPremiumAccess, PERMISSIONS } from '@holeout/golf';
import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { eventTitle, EVENT_TYPE_LABELS } from '../../../lib/event-names.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { LoadFailed } from '../../../lib/load-failed.tsx';
import { personName, usePeople } from '../../../lib/people.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { DANGER } from '../../../lib/theme.ts';
import { useDeleteDrillResult, useDrillResults } from '../api/drill-results.ts';
import { useDeleteDrill, useDrill, useDrillByCed, useDrillEvents, useUnshareDrill } from '../api/drills.ts';
import { confirmDeleteDrill, confirmDeleteResult, confirmUnshareDrill } from '../components/drill-confirm.tsx';
import { DrillFormDialog } from '../components/drill-form.tsx';
import { DrillShareDialog } from '../components/drill-share-dialog.tsx';
import { ResultForm } from '../components/result-form.tsx';
import { categoryLabel, describeField, formatResultValue } from '../lib/drill-values.ts';
import { positiveId } from '../../../lib/route-params.ts';

/** How many results show before "Show more". */
const RESULTS_PAGE = 20;

const eventPath = (eventId: number) => `${paths.event}?event_id=${eventId}`;
const progressPath = (drillId: number) => `${paths.drillprogress}?drill_id=${drillId}`;

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack maw={760}>
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function BackToDrills() {
  return (
    <Anchor component={Link} to={paths.drills}>
      Back to drills
    </Anchor>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <Stack component="section" gap="xs" aria-labelledby={id} data-testid={testId}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function FieldList({ drill }: { drill: DrillResponse }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="drill-fields">
      {drill.fields.map((field) => {
        const isScore = field.key === drill.score_field;
        return (
          <Card component="li" key={field.key} withBorder padding="sm">
            <Group gap="xs" justify="space-between" align="flex-start">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {field.label}
              </Text>
              {isScore && (
                <Badge variant="filled" color="brand" style={{ textTransform: 'none' }}>
                  Score, {drill.higher_is_better ? 'higher' : 'lower'} is better
                </Badge>
              )}
            </Group>
            <Text size="sm">{describeField(field)}</Text>
            {/* The field's key is how results store its value, an internal name: the page shows only labels. */}
            <Text size="xs" c="dimmed">
              {field.required ? 'Required' : 'Optional'}
            </Text>
          </Card>
        );
      })}
    </Stack>
  );
}

/** The event drills of this drill the caller may record in (ADD on the event), newest first. */
function recordableEventDrills(drill: DrillResponse, events: readonly EventResponse[]): { cedId: number; label: string; start: string }[] {
  return events
    .filter((event) => event.permissions >= PERMISSIONS.ADD)
    .sort((a, b) => Date.parse(b.start) - Date.parse(a.start))
    .flatMap((event) =>
      event.eventdrills
        .filter((placed) => placed.drill_id === drill.drill_id)
        .map((placed, index, all) => ({
          cedId: placed.ced_id,
          start: event.start,
          label: `${eventTitle(event)} · ${formatDateTime(event.start)}${all.length > 1 ? ` (#${index + 1})` : ''}`,
        })),
    );
}

function RecordSection({
  drill,
  events,
  preferredCed,
}: {
  drill: DrillResponse;
  events: ReturnType<typeof useDrillEvents>;
  preferredCed: number | null;
}) {
  const premium = useSession((s) => hasPremiumAccess(s.subscription));
  const [picked, setPicked] = useState<number | null>(null);
  if (!premium) return <ResultForm drill={drill} cedId={preferredCed ?? 0} />;
  if (events.isPending) {
    return (
      <Center mih={80}>
        <Loader size="sm" aria-label="Loading the practices of this drill" />
      </Center>
    );
  }
  if (events.isError) return <LoadFailed title="The practices of this drill could not be loaded" onRetry={() => events.refetch()} />;
  const choices = recordableEventDrills(drill, events.data);
  if (choices.length === 0) {
    return (
      <Alert color="gray" variant="light" title="No practice to record in yet" data-testid="no-practice">
        <Text size="sm">
          A result is recorded in a practice, lesson or workout. Add this drill to one from the{' '}
          <Anchor component={Link} to={paths.calendar}>
            calendar
          </Anchor>{' '}
          or from the event's page, then record your attempts here or there.
        </Text>
      </Alert>
    );
  }
  const fallback = choices.find((choice) => choice.cedId === preferredCed)?.cedId ?? choices[0]!.cedId;
  const cedId = choices.some((choice) => choice.cedId === picked) ? picked! : fallback;
  return (
    <Stack gap="sm">
      <NativeSelect
        label="Practice"
        description="The event the result belongs to"
        size="md"
        data={choices.map((choice) => ({ value: String(choice.cedId), label: choice.label }))}
        value={String(cedId)}
        onChange={(e) => setPicked(Number(e.currentTarget.value))}
      />
      <ResultForm key={cedId} drill={drill} cedId={cedId} eventStart={choices.find((choice) => choice.cedId === cedId)?.start} />
    </Stack>
  );
}

function ResultCard({
  drill,
  result,
  player,
  canChange,
  onEdit,
  onDelete,
}: {
  drill: DrillResponse;
  result: DrillResultResponse;
  player: string | null;
  canChange: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const id = useId();
  return (
    <Card component="li" withBorder padding="sm" data-testid="drill-result" aria-labelledby={`${id}-when`}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={0}>
          <Text fw={600} id={`${id}-when`}>
            <time dateTime={result.time}>{formatDateTime(result.time)}</time>
            {player ? ` · ${player}` : ''}
          </Text>
          {drill.score_field !== null && (
            <Text size="sm" data-testid="result-score">
              Score <b>{formatStat(result.score)}</b>
            </Text>
          )}
        </Stack>
        {canChange && (
          <Group gap="xs">
            <Button variant="default" size="sm" h={44} onClick={onEdit} aria-label={`Edit result of ${formatDateTime(result.time)}`}>
              Edit
            </Button>
            <Button
              variant="outline"
              color={DANGER}
              size="sm"
              h={44}
              onClick={onDelete}
              aria-label={`Delete result of ${formatDateTime(result.time)}`}
            >
              Delete
            </Button>
          </Group>
        )}
      </Group>
      <Stack component="dl" gap={2} m={0} mt={6}>
        {drill.fields.map((field) => (
          <Group key={field.key} gap={6} wrap="nowrap" align="baseline">
            <Text component="dt" size="sm" c="dimmed" style={{ flexShrink: 0 }}>
              {field.label}:
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {formatResultValue(field, result.values[field.key])}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

function ResultsSection({ drill, events }: { drill: DrillResponse; events: readonly EventResponse[] }) {
  const uid = useSession((s) => s.user.uid);
  const results = useDrillResults(drill.drill_id);
  const people = usePeople();
  const remove = useDeleteDrillResult();
  const [shown, setShown] = useState(RESULTS_PAGE);
  const [editing, setEditing] = useState<DrillResultResponse | null>(null);

  if (results.isPending) {
    return (
      <Stack gap="xs" aria-busy="true">
        <VisuallyHidden role="status">Loading results</VisuallyHidden>
        <Skeleton height={72} />
        <Skeleton height={72} />
      </Stack>
    );
  }
  if (results.isError) return <LoadFailed title="The results could not be loaded" onRetry={() => results.refetch()} />;

  const eventPermissions = new Map(events.map((event) => [event.event_id, event.permissions]));
  // As the API rules: whoever may modify the event (its owner, the player), and whoever entered the
  // result while they may still add to the event.
  const canChange = (result: DrillResultResponse) => {
    const permission = eventPermissions.get(result.event_id) ?? (result.uid === uid ? PERMISSIONS.OWNER : PERMISSIONS.NONE);
    return permission >= PERMISSIONS.MODIFY || (result.recorded_by === uid && permission >= PERMISSIONS.ADD);
  };
  const playerName = (player: number) =>
    player === uid
      ? null
      : people.data
        ? personName(people.data.people.find((person) => person.uid === player))
        : people.isError
          ? 'Unknown'
          : null;
  const newestFirst = [...results.data].sort((a, b) => Date.parse(b.time) - Date.parse(a.time));

  if (newestFirst.length === 0) {
    return (
      <Text size="sm" data-testid="no-results">
        No results yet. Record an attempt above, and your results and progress show up here.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {newestFirst.length} {newestFirst.length === 1 ? 'result' : 'results'}, newest first.
      </Text>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Results, newest first">
        {newestFirst.slice(0, shown).map((result) => (
          <ResultCard
            key={result.drillresult_id}
            drill={drill}
            result={result}
            player={playerName(result.uid)}
            canChange={canChange(result)}
            onEdit={() => setEditing(result)}
            onDelete={() => confirmDeleteResult(() => remove.mutate(result.drillresult_id))}
          />
        ))}
      </Stack>
      {newestFirst.length > shown && (
        <Group justify="center">
          <Button variant="default" h={44} onClick={() => setShown(shown + RESULTS_PAGE)}>
            Show more
          </Button>
        </Group>
      )}
      {editing && (
        <Modal opened onClose={() => setEditing(null)} title="Edit result">
          <ResultForm drill={drill} cedId={editing.ced_id} result={editing} onSaved={() => setEditing(null)} />
        </Modal>
      )}
    </Stack>
  );
}

function EventsSection({ events }: { events: ReturnType<typeof useDrillEvents> }) {
  if (events.isPending) return <Skeleton height={48} aria-hidden />;
  if (events.isError) return <LoadFailed title="The practices of this drill could not be loaded" onRetry={() => events.refetch()} />;
  if (events.data.length === 0) {
    return (
      <Text size="sm" data-testid="no-events">
        Not in any practice yet. Add it to a practice, lesson or workout from the{' '}
        <Anchor component={Link} to={paths.calendar}>
          calendar
        </Anchor>{' '}
        or an event's page.
      </Text>
    );
  }
  const newestFirst = [...events.data].sort((a, b) => Date.parse(b.start) - Date.parse(a.start));
  return (
    <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} data-testid="drill-events">
      {newestFirst.map((event) => (
        <li key={event.event_id}>
          <Group gap="xs" wrap="nowrap" mih={44}>
            <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
              {formatDate(event.start)}
            </Text>
            <Anchor component={Link} to={eventPath(event.event_id)} style={{ overflowWrap: 'anywhere' }}>
              {eventTitle(event)}
            </Anchor>
            <Text size="xs" c="dimmed">
              {EVENT_TYPE_LABELS[event.event_type as keyof typeof EVENT_TYPE_LABELS] ?? event.event_type}
            </Text>
          </Group>
        </li>
      ))}
    </Stack>
  );
}

/**
 * Drill (route drill, ?drill_id=N, or ?ced_id=N for the drill as placed in that event): what it
 * is, the fields each attempt records, recording a result in one of its practices, its results
 * (editable by whoever entered them and the event's owner) and the events that use it.
 */
export default function DrillPage() {
  const [params] = useSearchParams();
  const drillIdParam = positiveId(params.get('drill_id'));
  const cedIdParam = positiveId(params.get('ced_id'));
  const both = drillIdParam !== null && cedIdParam !== null;
  const byId = useDrill(both ? null : drillIdParam);
  const byCed = useDrillByCed(both || drillIdParam !== null ? null : cedIdParam);
  const query = drillIdParam !== null ? byId : byCed;
  const drill = query.data ?? null;
  const events = useDrillEvents(drill?.drill_id ?? null);
  const uid = useSession((s) => s.user.uid);
  const people = usePeople(drill !== null && drill.uid !== uid);
  const navigate = useNavigate();
  const remove = useDeleteDrill();
  const unshare = useUnshareDrill();
  const [dialog, setDialog] = useState<'edit' | 'share' | null>(null);

  if (both) {
    return (
      <Frame title="Drill">
        <Alert color="gray" variant="light" title="Which drill?">
          <Text size="sm">{BOTH_DRILL_IDS_MESSAGE}.</Text>
        </Alert>
        <BackToDrills />
      </Frame>
    );
  }
  if (drillIdParam === null && cedIdParam === null) {
    return (
      <Frame title="Drill">
        <Text>
          No drill was chosen. Open one from{' '}
          <Anchor component={Link} to={paths.drills}>
            your drills
          </Anchor>
          .
        </Text>
      </Frame>
    );
  }
  if (query.isPending) {
    return (
      <Frame title="Drill">
        <Center mih={160}>
          <Loader aria-label="Loading drill" />
        </Center>
      </Frame>
    );
  }
  if (query.isError) {
    return (
      <Frame title="Drill">
        <LoadFailed title="The drill could not be loaded" onRetry={() => query.refetch()} />
        <BackToDrills />
      </Frame>
    );
  }
  if (!drill) {
    return (
      <Frame title="Drill">
        <Alert color="gray" variant="light" title="Drill not found" data-testid="drill-not-found">
          <Text size="sm">
            This drill does not exist, or it is not shared with you. Ask its owner to share it, or open one from your library.
          </Text>
        </Alert>
        <BackToDrills />
      </Frame>
    );
  }

  const mine = drill.uid === uid;
  const owner = drill.permissions >= PERMISSIONS.OWNER;
  // Opened by ced_id, the drill reads at least VIEW to anyone who sees the practice, shared or not:
  // only a drill opened by its own id is surely shared with the caller.
  const sharedWithMe = !owner && drill.permissions >= PERMISSIONS.VIEW && drillIdParam !== null;
  const ownerName = people.data ? personName(people.data.people.find((person) => person.uid === drill.uid)) : null;

  return (
    <Frame title={drill.title}>
      <Group gap="xs">
        <Badge variant="light" color="gray">
          {categoryLabel(drill.category)}
        </Badge>
        {!mine && (
          <Badge variant="outline" color="dark" style={{ textTransform: 'none' }}>
            {ownerName ? `Shared by ${ownerName}` : 'Shared with you'}
            {drill.permissions >= PERMISSIONS.MODIFY ? ', you may edit it' : drill.permissions >= PERMISSIONS.VIEW ? ', view only' : ''}
          </Badge>
        )}
      </Group>
      {drill.permissions < PERMISSIONS.VIEW && (
        <Text size="sm" c="dimmed">
          You see this drill through a practice shared with you.
        </Text>
      )}
      {drill.description && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {drill.description}
        </Text>
      )}
      <Group gap="xs">
        <Button
          variant="default"
          h={44}
          component={Link}
          to={progressPath(drill.drill_id)}
          leftSection={<IconChartLine size={18} aria-hidden />}
        >
          Progress
        </Button>
        {drill.permissions >= PERMISSIONS.MODIFY && (
          <Button variant="default" h={44} onClick={() => setDialog('edit')}>
            Edit
          </Button>
        )}
        {owner && (
          <Button variant="default" h={44} onClick={() => setDialog('share')}>
            Share
          </Button>
        )}
        {owner && (
          <Button
            variant="outline"
            color={DANGER}
            h={44}
            loading={remove.isPending}
            onClick={() => confirmDeleteDrill(() => remove.mutate(drill.drill_id, { onSuccess: () => void navigate(paths.drills) }))}
          >
            Delete
          </Button>
        )}
        {sharedWithMe && (
          <Button
            variant="outline"
            h={44}
            loading={unshare.isPending}
            onClick={() => confirmUnshareDrill(() => unshare.mutate(drill.drill_id, { onSuccess: () => void navigate(paths.drills) }))}
          >
            Unshare
          </Button>
        )}
      </Group>

      <Section title="What each attempt records">
        <FieldList drill={drill} />
      </Section>
      <Section title="Record a result" testId="record-result">
        <RecordSection drill={drill} events={events} preferredCed={cedIdParam} />
      </Section>
      <Section title="Results" testId="drill-results">
        <ResultsSection drill={drill} events={events.data ?? []} />
        <div>
          <Anchor component={Link} to={progressPath(drill.drill_id)} size="sm">
            See your progress with this drill
          </Anchor>
        </div>
      </Section>
      <Section title="Practices using this drill" testId="drill-events-section">
        <EventsSection events={events} />
      </Section>

      {dialog === 'edit' && <DrillFormDialog drill={drill} onClose={() => setDialog(null)} onSaved={() => setDialog(null)} />}
      {dialog === 'share' && <DrillShareDialog drill={drill} onClose={() => setDialog(null)} />}
    </Frame>
  );
}
