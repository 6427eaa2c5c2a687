import { Button, Card, Group, Loader, SegmentedControl, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { EventResponse } from '@holeout/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { eventTitle } from '../../../lib/event-names.ts';
import { LoadFailed } from '../../../lib/load-failed.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { useCalendarEvents } from '../api/calendar-events.ts';
import { useMoveEvent } from '../api/move-event.ts';
import { AddEventMenu, canMoveEvent, DayEventList, type MoveHandlers } from '../components/day-events.tsx';
import { EventChip } from '../components/event-chip.tsx';
import { MonthGrid } from '../components/month-grid.tsx';
import { TypeLegend } from '../components/type-legend.tsx';
import { useDragMove } from '../components/use-drag-move.ts';
import { WeekView } from '../components/week-view.tsx';
import {
  dayLabel,
  groupByDay,
  monthWeeks,
  parseDayKey,
  periodLabel,
  shiftPeriod,
  toDayKey,
  visibleRange,
  weekDays,
  type CalendarView,
} from '../lib/date-grid.ts';

/** Wide enough for chips in the day cells (Mantine's sm breakpoint); narrower is a phone. */
const WIDE_QUERY = '(min-width: 48em)';

/**
 * Calendar (route calendar, premium; ?view=month|week&date=YYYY-MM-DD): every event the user
 * may see by day, coloured and marked by type. Tap a day for its events and Add event; drag an
 * event (or use its Move menu) to another day.
 */
export default function CalendarPage() {
  const [params, setParams] = useSearchParams();
  const today = toDayKey(new Date());
  const view: CalendarView = params.get('view') === 'week' ? 'week' : 'month';
  const requested = params.get('date') ?? '';
  const selected = parseDayKey(requested) ? requested : today;
  const selectedDate = parseDayKey(selected)!;
  // Read at once (no server rendering here), so a wide screen never flashes the phone layout first.
  const wide = useMediaQuery(WIDE_QUERY, undefined, { getInitialValueInEffect: false });
  const uid = useSession((s) => s.user.uid);
  const isCoach = useSession((s) => s.user.is_coach);
  const events = useCalendarEvents(visibleRange(view, selectedDate));
  const byDay = useMemo(() => groupByDay(events.data ?? []), [events.data]);
  const move = useMoveEvent();
  const [announcement, setAnnouncement] = useState('');
  const focusSelected = useRef(false);

  function show(next: { view?: CalendarView; date?: string }, focus = false) {
    focusSelected.current = focus;
    setParams({ view: next.view ?? view, date: next.date ?? selected }, { replace: true });
  }

  useEffect(() => {
    if (!focusSelected.current) return;
    focusSelected.current = false;
    document.querySelector<HTMLElement>(`[data-day-button="${selected}"]`)?.focus();
  }, [selected, view]);

  function moveTo(event: EventResponse, dayKey: string) {
    const day = parseDayKey(dayKey);
    if (!day || toDayKey(new Date(event.start)) === dayKey) return;
    const name = eventTitle(event);
    setAnnouncement(`Moving "${name}" to ${dayLabel(day)}…`);
    move.mutate(
      { eventId: event.event_id, dayKey },
      {
        onSuccess: () => setAnnouncement(`Moved "${name}" to ${dayLabel(day)}.`),
        onError: (cause) => setAnnouncement(`"${name}" was not moved: ${cause.message}`),
      },
    );
  }

  const { drag, startDrag } = useDragMove(moveTo);
  const handlers: MoveHandlers = { onMove: moveTo, onDragStart: startDrag };
  const grid = {
    keysHintId: 'calendar-keys-hint',
    selected,
    today,
    byDay,
    dropDay: drag?.overDay ?? null,
    onSelect: (dayKey: string, focus?: boolean) => show({ date: dayKey }, focus),
    onDragStart: startDrag,
  };
  const label = periodLabel(view, selectedDate);
  const unit = view === 'month' ? 'month' : 'week';
  const offerRound = !isCoach;
  const dayEvents = byDay.get(selected) ?? [];
  const showDayPanel = view === 'month' || wide;

  return (
    <Stack maw={1100}>
      <Title order={1} size="h2">
        Calendar
      </Title>
      <Group justify="space-between" gap="xs">
        <SegmentedControl
          aria-label="View"
          data={[
            { value: 'month', label: 'Month' },
            { value: 'week', label: 'Week' },
          ]}
          value={view}
          onChange={(value) => show({ view: value as CalendarView })}
          size="md"
        />
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="default"
            h={44}
            px="sm"
            aria-label={`Previous ${unit}`}
            onClick={() => show({ date: shiftPeriod(view, selected, -1) })}
          >
            <IconChevronLeft size={20} aria-hidden />
          </Button>
          <Button variant="default" h={44} onClick={() => show({ date: today }, true)}>
            Today
          </Button>
          <Button
            variant="default"
            h={44}
            px="sm"
            aria-label={`Next ${unit}`}
            onClick={() => show({ date: shiftPeriod(view, selected, 1) })}
          >
            <IconChevronRight size={20} aria-hidden />
          </Button>
        </Group>
      </Group>
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h3" aria-live="polite">
          {label}
        </Title>
        {events.isFetching && <Loader size="sm" aria-label="Loading events" />}
      </Group>
      <TypeLegend />
      <VisuallyHidden id="calendar-keys-hint">
        The arrow keys move the selected day: left and right a day, up and down a week.
      </VisuallyHidden>
      {events.isError && <LoadFailed title="Your events could not be loaded" onRetry={() => events.refetch()} />}
      {events.isSuccess && events.data.length === 0 && (
        <Text size="sm" data-testid="calendar-empty">
          Nothing in this {unit} yet. Choose a day and use Add event to plan a practice, lesson or workout
          {offerRound ? ', or Add Round after you play' : ''}.
        </Text>
      )}
      {view === 'month' ? (
        <MonthGrid {...grid} weeks={monthWeeks(selectedDate)} month={selectedDate.getMonth()} wide={wide} label={label} />
      ) : (
        <WeekView {...grid} days={weekDays(selectedDate)} label={label} wide={wide} uid={uid} offerRound={offerRound} handlers={handlers} />
      )}
      <Text size="sm" role="status" aria-live="polite" mih={20} data-testid="move-status">
        {announcement}
      </Text>
      {showDayPanel && (
        <Card withBorder padding="sm" component="section" aria-labelledby="calendar-day-heading">
          <Stack gap="sm">
            <Group justify="space-between" gap="xs">
              <Title order={2} size="h4" id="calendar-day-heading">
                {dayLabel(selectedDate)}
                {selected === today ? ' (today)' : ''}
              </Title>
              <AddEventMenu dayKey={selected} offerRound={offerRound} />
            </Group>
            {events.isPending ? (
              <Text size="sm">Loading the events of this day…</Text>
            ) : (
              <DayEventList
                events={dayEvents}
                uid={uid}
                handlers={handlers}
                emptyText="Nothing on this day. Add an event for it, or choose another day."
              />
            )}
            {dayEvents.some(canMoveEvent) && <Text size="xs">Drag an event by its handle to another day, or use its Move menu.</Text>}
          </Stack>
        </Card>
      )}
      {drag && (
        <div style={{ position: 'fixed', left: drag.x + 8, top: drag.y + 8, pointerEvents: 'none', zIndex: 400 }}>
          <EventChip event={drag.event} size="compact" ghost />
        </div>
      )}
    </Stack>
  );
}
