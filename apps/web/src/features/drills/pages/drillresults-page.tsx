/**
 * Drill results (route drillresults, ?event_id=N[&ced_id=M]): the attempts of a practice, lesson
 * or workout, entered drill by drill and fast. One drill at a time (drill 1 of 3): its form, and
 * under it the attempts recorded so far in this event. Saving an attempt keeps you on the drill
 * with an empty form and the cursor in its first field; Next drill moves on. Without ADD on the
 * event, or without premium access, the results are read-only.
 */
import { Alert, Anchor, Badge, Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconArrowRight, IconCheck, IconInfoCircle, IconLock } from '@tabler/icons-react';
import type { DrillResponse, DrillResultResponse, EventResponse } from '@holeout/contracts';
import { formatStat, hasPremiumAccess, PERMISSIONS, type EventType } from '@holeout/golf';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { EVENT_TYPE_LABELS, eventTitle } from '../../../lib/event-names.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { LoadFailed } from '../../../lib/load-failed.tsx';
import { personName, usePeople, usePersonName } from '../../../lib/people.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { DANGER } from '../../../lib/theme.ts';
import { drillByCedQuery } from '../api/drills.ts';
import { useDeleteDrillResult, useEventDrillResults } from '../api/drill-results.ts';
import { useEvent as useDrillEvent } from '../../../lib/event-query.ts';
import { ResultForm } from '../components/result-form.tsx';
import { DrillPageLoading } from '../components/progress-frame.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { positiveId } from '../../../lib/route-params.ts';
import { resultSummary, scoreRule } from '../lib/drill-values.ts';

const TITLE = 'Drill results';
const DRILL_EVENT_TYPES: readonly string[] = ['PRACTICE', 'LESSON', 'WORKOUT'];

const eventPath = (eventId: number) => `${paths.event}?event_id=${eventId}`;
const progressPath = (drillId: number, uid: number, me: number) =>
  `${paths.drillprogress}?drill_id=${drillId}${uid === me ? '' : `&uid=${uid}`}`;

/** The first control a user types into inside `box`: where the cursor goes for the next attempt. */
function focusFirstField(box: HTMLElement | null): boolean {
  const field = box?.querySelector<HTMLElement>(
    'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])',
  );
  if (!field) return false;
  field.focus();
  return true;
}

const attemptWord = (count: number) => `${count} ${count === 1 ? 'attempt' : 'attempts'}`;

/** Why the results cannot be recorded here, when they cannot: free tier or view-only share. */
function ReadOnlyNotice({ reason, typeLabel }: { reason: 'premium' | 'permission'; typeLabel: string }) {
  if (reason === 'premium') {
    return (
      <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} title="Recording results needs premium">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            You can see the results recorded here. Recording drill attempts, with the progress of every drill over time, comes with a
            premium subscription (or a coach, team or academy plan).
          </Text>
          <Button component={Link} to={paths.subscriptions} h={44}>
            Subscribe
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="View only">
      <Text size="sm">
        This {typeLabel.toLowerCase()} is shared with you to view. Its owner can let you add results by sharing it with you at Add or above.
      </Text>
    </Alert>
  );
}

function Attempt({
  result,
  number,
  drill,
  canChange,
  recorder,
  onEdit,
}: {
  result: DrillResultResponse;
  number: number;
  drill: DrillResponse;
  canChange: boolean;
  recorder: string | null;
  onEdit: () => void;
}) {
  const remove = useDeleteDrillResult();
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete attempt ${number}`,
      children: (
        <Text size="sm">
          Are you sure you want to delete attempt {number} ({resultSummary(drill, result.values)})? This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: DANGER },
      onConfirm: () => remove.mutate(result.drillresult_id),
    });
  return (
    <Card withBorder radius="sm" padding="sm" component="li" data-testid="attempt">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            Attempt {number}
            <Text span size="sm" c="dimmed" fw={400}>
              {' · '}
              {formatDateTime(result.time)}
            </Text>
          </Text>
          {drill.score_field !== null && (
            <Badge variant="light" color="dark" size="lg" tt="none">
              Score {formatStat(result.score)}
            </Badge>
          )}
        </Group>
        <Text size="sm">{resultSummary(drill, result.values)}</Text>
        {recorder && (
          <Text size="xs" c="dimmed">
            Recorded by {recorder}
          </Text>
        )}
        {canChange && (
          <Group gap="xs" mt={4}>
            <Button variant="default" size="sm" h={44} onClick={onEdit} aria-label={`Edit attempt ${number}`}>
              Edit
            </Button>
            <Button
              variant="outline"
              color={DANGER}
              size="sm"
              h={44}
              onClick={confirmDelete}
              loading={remove.isPending}
              aria-label={`Delete attempt ${number}`}
            >
              Delete
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

interface StepProps {
  event: EventResponse;
  cedId: number;
  index: number;
  total: number;
  drill: UseQueryResult<DrillResponse | null>;
  results: UseQueryResult<DrillResultResponse[]>;
  canRecord: boolean;
  /** Arrived here with Next or Previous: put the cursor in the first field (or on the heading). */
  focusOnArrival: boolean;
  onMove: (index: number) => void;
}

function DrillStep({ event, cedId, index, total, drill, results, canRecord, focusOnArrival, onMove }: StepProps) {
  const me = useSession((s) => s.user.uid);
  const people = usePeople();
  const [formKey, setFormKey] = useState(0);
  const [editing, setEditing] = useState<DrillResultResponse | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const formBox = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusPending = useRef(focusOnArrival);

  // After a save (the form remounts empty) or on arrival from another drill, once the form is drawn.
  useEffect(() => {
    if (!focusPending.current || drill.isPending) return;
    focusPending.current = false;
    if (!focusFirstField(formBox.current)) heading.current?.focus();
  }, [formKey, editing, drill.isPending]);

  const attempts = (results.data ?? []).filter((result) => result.ced_id === cedId);
  const isLast = index === total - 1;
  const theDrill = drill.data ?? null;
  const canChange = (result: DrillResultResponse) => canRecord && (result.recorded_by === me || result.uid === me);
  const recorderOf = (result: DrillResultResponse): string | null => {
    if (result.recorded_by === null || result.recorded_by === result.uid) return null;
    if (result.recorded_by === me) return 'you';
    return personName(people.data?.people.find((person) => person.uid === result.recorded_by));
  };

  function afterSave(saved: DrillResultResponse) {
    if (editing) {
      const number = attempts.findIndex((result) => result.drillresult_id === editing.drillresult_id) + 1;
      setEditing(null);
      setAnnouncement(`Attempt ${number} updated.`);
    } else {
      const score = saved.score === null ? '' : `, score ${formatStat(saved.score)}`;
      setAnnouncement(`Attempt ${attempts.length + 1} saved${score}. Enter the next attempt.`);
      setFormKey((key) => key + 1);
    }
    focusPending.current = true;
  }

  return (
    <Stack gap="md" component="section" aria-labelledby={`drill-step-${cedId}`}>
      <Stack gap={2}>
        <Text size="sm" c="dimmed" fw={600}>
          Drill {index + 1} of {total}
        </Text>
        <Title order={2} size="h3" id={`drill-step-${cedId}`} ref={heading} tabIndex={-1}>
          {theDrill ? theDrill.title : drill.isPending ? 'Loading the drill' : 'Drill not available'}
        </Title>
      </Stack>

      {drill.isPending ? (
        <DrillPageLoading label="Loading the drill" />
      ) : drill.isError ? (
        <LoadFailed title="The drill could not be loaded" onRetry={() => drill.refetch()} />
      ) : theDrill === null ? (
        <Text size="sm">
          This drill is no longer available: it was deleted, or it is no longer part of this{' '}
          {EVENT_TYPE_LABELS[event.event_type as EventType].toLowerCase()}.
        </Text>
      ) : (
        <>
          {theDrill.description && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {theDrill.description}
            </Text>
          )}
          {scoreRule(theDrill) && (
            <Text size="sm" c="dimmed">
              {scoreRule(theDrill)}
            </Text>
          )}
          {canRecord && (
            <Card withBorder radius="md" padding="md" ref={formBox}>
              <Stack gap="sm">
                <Group justify="space-between" gap="xs">
                  <Title order={3} size="h5">
                    {editing
                      ? `Edit attempt ${attempts.findIndex((result) => result.drillresult_id === editing.drillresult_id) + 1}`
                      : `Attempt ${attempts.length + 1}`}
                  </Title>
                  {editing && (
                    <Button
                      variant="subtle"
                      h={44}
                      onClick={() => {
                        setEditing(null);
                        focusPending.current = true;
                      }}
                    >
                      Cancel edit
                    </Button>
                  )}
                </Group>
                {editing ? (
                  <ResultForm key={`edit-${editing.drillresult_id}`} drill={theDrill} cedId={cedId} result={editing} onSaved={afterSave} />
                ) : (
                  <ResultForm
                    key={`new-${formKey}`}
                    drill={theDrill}
                    cedId={cedId}
                    onSaved={afterSave}
                    eventStart={event.start}
                    submitLabel="Save and next attempt"
                  />
                )}
              </Stack>
            </Card>
          )}
          <Text size="sm" role="status" aria-live="polite" data-testid="save-announcement">
            {announcement && (
              <>
                <IconCheck size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> {announcement}
              </>
            )}
          </Text>
        </>
      )}

      <Group gap="xs" grow preventGrowOverflow={false}>
        {index > 0 && (
          <Button variant="default" h={48} leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={() => onMove(index - 1)}>
            Previous drill
          </Button>
        )}
        {isLast ? (
          <Button component={Link} to={eventPath(event.event_id)} variant="light" h={48} leftSection={<IconCheck size={18} aria-hidden />}>
            Done
          </Button>
        ) : (
          <Button h={48} rightSection={<IconArrowRight size={18} aria-hidden />} onClick={() => onMove(index + 1)}>
            Next drill
          </Button>
        )}
      </Group>

      <Stack gap="xs" component="section" aria-labelledby={`drill-attempts-${cedId}`}>
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5" id={`drill-attempts-${cedId}`}>
            Attempts in this {EVENT_TYPE_LABELS[event.event_type as EventType].toLowerCase()}
          </Title>
          {theDrill && theDrill.score_field !== null && (
            <Anchor component={Link} to={progressPath(theDrill.drill_id, event.uid, me)} size="sm">
              Progress over time
            </Anchor>
          )}
        </Group>
        {results.isPending ? (
          <DrillPageLoading label="Loading the attempts" />
        ) : results.isError ? (
          <LoadFailed title="The attempts could not be loaded" onRetry={() => results.refetch()} />
        ) : attempts.length === 0 ? (
          <Text size="sm">{canRecord ? 'No attempts yet: enter the first one above.' : 'No attempts recorded yet.'}</Text>
        ) : (
          theDrill && (
            <Stack
              gap="xs"
              component="ol"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label={`${attemptWord(attempts.length)}, oldest first`}
            >
              {attempts.map((result, position) => (
                <Attempt
                  key={result.drillresult_id}
                  result={result}
                  number={position + 1}
                  drill={theDrill}
                  canChange={canChange(result)}
                  recorder={recorderOf(result)}
                  onEdit={() => {
                    setEditing(result);
                    focusPending.current = true;
                  }}
                />
              ))}
            </Stack>
          )
        )}
      </Stack>
    </Stack>
  );
}

function EventDrills({ event }: { event: EventResponse }) {
  const [params, setParams] = useSearchParams();
  const premium = useSession((s) => hasPremiumAccess(s.subscription));
  const subscriptionKnown = useSession((s) => s.subscriptionLoaded || s.subscription !== null);
  const [moved, setMoved] = useState(false);
  const eventdrills = event.eventdrills;
  const cedIds = eventdrills.map((eventdrill) => eventdrill.ced_id);
  const drills = useQueries({ queries: eventdrills.map((eventdrill) => drillByCedQuery(eventdrill.ced_id)) });
  const results = useEventDrillResults(cedIds);
  const typeLabel = EVENT_TYPE_LABELS[event.event_type as EventType] ?? 'Event';

  if (!DRILL_EVENT_TYPES.includes(event.event_type)) {
    return (
      <Text>
        Only practices, lessons and workouts hold drills; this is a {typeLabel.toLowerCase()}.{' '}
        <Anchor component={Link} to={eventPath(event.event_id)}>
          Open it
        </Anchor>
        .
      </Text>
    );
  }
  if (eventdrills.length === 0) {
    return (
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h4">
            No drills in this {typeLabel.toLowerCase()}
          </Title>
          <Text size="sm">
            {event.permissions >= PERMISSIONS.MODIFY
              ? `Add drills to the ${typeLabel.toLowerCase()} first, then record their attempts here.`
              : `Its owner has not added any drills yet.`}
          </Text>
          <Button
            component={Link}
            to={eventPath(event.event_id)}
            h={44}
            variant={event.permissions >= PERMISSIONS.MODIFY ? 'filled' : 'default'}
          >
            {event.permissions >= PERMISSIONS.MODIFY ? 'Add drills' : `Open the ${typeLabel.toLowerCase()}`}
          </Button>
        </Stack>
      </Card>
    );
  }

  const requested = positiveId(params.get('ced_id'));
  const found = cedIds.indexOf(requested ?? -1);
  const index = found >= 0 ? found : 0;
  const current = eventdrills[index]!;
  const readOnly: 'premium' | 'permission' | null =
    event.permissions < PERMISSIONS.ADD ? 'permission' : subscriptionKnown && !premium ? 'premium' : null;
  const canRecord = readOnly === null && premium;
  const counts = new Map<number, number>();
  for (const result of results.data ?? []) counts.set(result.ced_id, (counts.get(result.ced_id) ?? 0) + 1);

  const move = (next: number) => {
    const target = eventdrills[next];
    if (!target) return;
    setMoved(true);
    setParams(
      (currentParams) => {
        const updated = new URLSearchParams(currentParams);
        updated.set('ced_id', String(target.ced_id));
        return updated;
      },
      { replace: true },
    );
  };

  return (
    <>
      {readOnly && <ReadOnlyNotice reason={readOnly} typeLabel={typeLabel} />}
      {eventdrills.length > 1 && (
        <NativeSelect
          label="Drill"
          value={String(current.ced_id)}
          onChange={(changeEvent) => move(cedIds.indexOf(Number(changeEvent.currentTarget.value)))}
          data={eventdrills.map((eventdrill, position) => {
            const title = drills[position]?.data?.title ?? (drills[position]?.isPending ? 'Loading…' : 'Drill not available');
            const count = results.data ? ` (${attemptWord(counts.get(eventdrill.ced_id) ?? 0)})` : '';
            return { value: String(eventdrill.ced_id), label: `${position + 1}. ${title}${count}` };
          })}
          size="md"
          maw={480}
          styles={{ input: { minHeight: 44 } }}
        />
      )}
      <DrillStep
        key={current.ced_id}
        event={event}
        cedId={current.ced_id}
        index={index}
        total={eventdrills.length}
        drill={drills[index]!}
        results={results}
        canRecord={canRecord}
        focusOnArrival={moved}
        onMove={move}
      />
    </>
  );
}

export default function DrillResultsPage() {
  const [params] = useSearchParams();
  const eventId = positiveId(params.get('event_id'));
  const event = useDrillEvent(eventId);
  const me = useSession((s) => s.user.uid);
  const owner = event.data && event.data.uid !== me ? event.data.uid : null;
  const ownerName = usePersonName(owner);

  if (eventId === null) {
    return (
      <PageFrame title={TITLE} maw={760}>
        <Text>
          No practice was chosen. Open one from{' '}
          <Anchor component={Link} to={paths.events}>
            your events
          </Anchor>{' '}
          to record its drills.
        </Text>
      </PageFrame>
    );
  }
  if (event.isPending) {
    return (
      <PageFrame title={TITLE} maw={760}>
        <DrillPageLoading label="Loading the practice" />
      </PageFrame>
    );
  }
  if (event.isError) {
    return (
      <PageFrame title={TITLE} maw={760}>
        <LoadFailed title="The practice could not be loaded" onRetry={() => event.refetch()} />
      </PageFrame>
    );
  }
  if (!event.data) {
    return (
      <PageFrame title={TITLE} maw={760}>
        <Alert color="gray" variant="light" title="No such event">
          <Text size="sm">This event does not exist, or it is not shared with you.</Text>
        </Alert>
        <Anchor component={Link} to={paths.events}>
          Back to events
        </Anchor>
      </PageFrame>
    );
  }

  const theEvent = event.data;
  return (
    <PageFrame
      title={TITLE}
      maw={760}
      subtitle={
        <>
          <Anchor component={Link} to={eventPath(theEvent.event_id)} size="sm" fw={600}>
            {eventTitle(theEvent)}
          </Anchor>
          {' · '}
          {formatDateTime(theEvent.start)}
          {owner !== null &&
            ` · ${ownerName ?? 'A player'}'s ${(EVENT_TYPE_LABELS[theEvent.event_type as EventType] ?? 'event').toLowerCase()}`}
        </>
      }
    >
      <EventDrills event={theEvent} />
    </PageFrame>
  );
}
