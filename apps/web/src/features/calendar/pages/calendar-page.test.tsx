import type { EventResponse } from '@holeout/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { buildSettings, buildSubscription, buildUser } from '../../../test/factories.ts';
import { callsTo, createFetchMock, type Routes } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import CalendarPage from './calendar-page.tsx';

/** A local time, whatever the machine's time zone. */
const local = (month: number, day: number, hours = 0, minutes = 0) => new Date(2026, month - 1, day, hours, minutes).toISOString();

function buildEvent(overrides: Partial<EventResponse> = {}): EventResponse {
  return {
    event_id: 1,
    event_type: 'PRACTICE',
    uid: 7,
    title: 'Putting ladder',
    start: local(11, 21, 16, 15),
    end: local(11, 21, 17, 45),
    notes: 'Gate drill first',
    tags: ['putting'],
    share: 'SHARE_SELECTED',
    usershares: [
      { uid: 7, permissions: 3 },
      { uid: 9, permissions: 0 },
    ],
    orgshares: [{ org_id: 2, permissions: 0 }],
    eventdrills: [{ ced_id: 31, drill_id: 5 }],
    round: null,
    round_summary: null,
    permissions: 3,
    updated_at: '2026-11-21T18:02:11Z',
    ...overrides,
  } as EventResponse;
}

const PRACTICE = buildEvent();
const SHARED_ROUND = buildEvent({
  event_id: 2,
  event_type: 'ROUND',
  uid: 3,
  title: '',
  start: local(11, 21, 8, 0),
  end: null,
  eventdrills: [],
  round_summary: { course: 'Links', holes: 18, score: 80, par: 72, to_par: 8 },
  permissions: 0,
});
const LESSON = buildEvent({
  event_id: 3,
  event_type: 'LESSON',
  title: 'Bunker lesson',
  start: local(11, 24, 10, 0),
  end: null,
  uid: 3,
  permissions: 2,
  eventdrills: [],
});

function renderCalendar(routes: Routes, route = '/calendar?date=2026-11-21') {
  const fetchMock = createFetchMock(routes);
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('token', 'tok-1');
  session.store.set({
    ...LOGGED_OUT_STATE,
    status: 'loggedIn',
    user: buildUser(),
    settings: buildSettings(),
    subscription: buildSubscription(),
    subscriptionLoaded: true,
  });
  renderWithProviders(<CalendarPage />, { route });
  return fetchMock;
}

/** GET /events: the list for a range, or one event by event_id. */
function eventsRoute(list: () => EventResponse[]): Routes[string] {
  return ({ url }) => {
    const id = url.searchParams.get('event_id');
    if (id) return { json: { events: list().filter((e) => e.event_id === Number(id)) } };
    return { json: { events: list() } };
  };
}

const dayPanel = () => screen.getByRole('region', { name: /^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day / });

/**
 * An item of the open menu. Found with hidden: true: jsdom lays nothing out, so Mantine's popover
 * takes its target for scrolled away and hides the open dropdown.
 */
const menuItem = (name: string) => screen.findByRole('menuitem', { hidden: true, name });

/** jsdom lays nothing out: say which element is under the pointer. */
function pointAt(element: Element) {
  Object.defineProperty(document, 'elementFromPoint', { value: () => element, configurable: true });
}

beforeEach(() => {
  // Today is Wednesday 11/18/26 (only the clock is faked: timers run as usual).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 18, 12, 0));
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'elementFromPoint');
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

describe('Calendar', () => {
  it('shows the month from Monday, a count per day, and the selected day listed by type with links and Add event', async () => {
    const fetchMock = renderCalendar({ 'GET /v4/events': eventsRoute(() => [PRACTICE, SHARED_ROUND, LESSON]) });
    expect(screen.getByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'November 2026' })).toBeInTheDocument();
    const grid = screen.getByRole('group', { name: 'November 2026' });
    expect(await within(grid).findByRole('button', { name: 'Saturday 11/21/26, 2 events: Round, Practice' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(grid).getByRole('button', { name: 'Tuesday 11/24/26, 1 event: Lesson' })).toHaveAttribute('aria-pressed', 'false');
    // Six weeks of seven, Monday 10/26 first.
    const days = within(grid).getAllByRole('button');
    expect(days).toHaveLength(42);
    expect(days[0]).toHaveAccessibleName('Monday 10/26/26, no events');

    const [from, to] = [
      callsTo(fetchMock, 'GET /v4/events')[0]!.url.searchParams.get('from'),
      callsTo(fetchMock, 'GET /v4/events')[0]!.url.searchParams.get('to'),
    ];
    expect(from).toBe(new Date(2026, 9, 26).toISOString());
    expect(to).toBe(new Date(2026, 11, 7).toISOString());
    expect(callsTo(fetchMock, 'GET /v4/events')[0]!.url.searchParams.get('limit')).toBe('200');

    const panel = dayPanel();
    expect(within(panel).getByRole('heading', { level: 2, name: 'Saturday 11/21/26' })).toBeInTheDocument();
    const rows = within(panel).getAllByTestId('day-event');
    expect(rows).toHaveLength(2);
    // In order of time, the type in words beside its icon and colour; a shared event says so.
    expect(rows[0]).toHaveTextContent('Round');
    expect(rows[0]).toHaveTextContent('Shared with you');
    expect(within(rows[0]!).getByRole('link', { name: /Round:.*8:00.*Round at Links/ })).toHaveAttribute('href', '/event?event_id=2');
    expect(within(rows[1]!).getByRole('link', { name: /Practice:.*4:15.*Putting ladder/ })).toHaveAttribute('href', '/event?event_id=1');
    // Only an event the user may edit can be moved.
    expect(within(rows[0]!).queryByRole('button', { name: /^Move/ })).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Move Putting ladder' })).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Add event on Saturday 11/21/26' }));
    expect(await menuItem('Practice')).toHaveAttribute('href', '/event?new=PRACTICE&date=2026-11-21');
    expect(await menuItem('Workout')).toHaveAttribute('href', '/event?new=WORKOUT&date=2026-11-21');
    expect(await menuItem('Round (Add Round)')).toHaveAttribute('href', '/scanner');
    expect(screen.getByRole('list', { name: 'Event types' })).toHaveTextContent('RoundPracticeLessonWorkoutNote');
  });

  it('tapping a day selects it; arrow keys move the selection; next month asks for the next range', async () => {
    const fetchMock = renderCalendar({ 'GET /v4/events': eventsRoute(() => [PRACTICE, LESSON]) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Tuesday 11/24/26, 1 event: Lesson' }));
    expect(within(dayPanel()).getByRole('heading', { name: 'Tuesday 11/24/26' })).toBeInTheDocument();
    expect(within(dayPanel()).getByRole('link', { name: /Bunker lesson/ })).toHaveAttribute('href', '/event?event_id=3');
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('heading', { name: 'Tuesday 12/1/26' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tuesday 12/1/26, no events' })).toHaveFocus();
    expect(within(dayPanel()).getByTestId('day-empty')).toHaveTextContent('Nothing on this day.');
    expect(screen.getByRole('heading', { level: 2, name: 'December 2026' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('heading', { level: 2, name: 'November 2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { level: 2, name: 'January 2027' })).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /v4/events').map(({ url }) => url.searchParams.get('from'))).toContain(
        new Date(2026, 11, 28).toISOString(),
      ),
    );
  });

  it('asks for the next 200 while a full page comes back', async () => {
    const many = Array.from({ length: 200 }, (_, i) => buildEvent({ event_id: 100 + i, start: local(11, 2, 9, 0), end: null }));
    const fetchMock = renderCalendar({
      'GET /v4/events': ({ url }) => ({ json: { events: url.searchParams.get('start') === '0' ? many : [LESSON] } }),
    });
    expect(await screen.findByRole('button', { name: /^Monday 11\/2\/26, 200 events/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tuesday 11/24/26, 1 event: Lesson' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /v4/events').map(({ url }) => url.searchParams.get('start'))).toEqual(['0', '200']);
  });

  it('"Move to next day" reads the event, saves every editable field with the new start and end, and announces it', async () => {
    let events = [PRACTICE, SHARED_ROUND];
    const fetchMock = renderCalendar({
      'GET /v4/events': eventsRoute(() => events),
      'POST /v4/events': ({ url, init }) => {
        const saved = buildEvent({ ...JSON.parse(String(init.body)), event_id: Number(url.searchParams.get('event_id')) });
        events = events.map((e) => (e.event_id === saved.event_id ? saved : e));
        return { json: saved };
      },
    });
    const user = userEvent.setup();
    const row = (await within(dayPanel()).findAllByTestId('day-event'))[1]!;
    await user.click(within(row).getByRole('button', { name: 'Move Putting ladder' }));
    await user.click(await menuItem('Move to next day'));
    expect(await screen.findByText('Moved "Putting ladder" to Sunday 11/22/26.')).toBeInTheDocument();
    const reads = callsTo(fetchMock, 'GET /v4/events').filter(({ url }) => url.searchParams.get('event_id') === '1');
    expect(reads).toHaveLength(1);
    const [post] = callsTo(fetchMock, 'POST /v4/events');
    expect(post!.url.searchParams.get('event_id')).toBe('1');
    expect(JSON.parse(String(post!.init.body))).toEqual({
      event_type: 'PRACTICE',
      title: 'Putting ladder',
      start: local(11, 22, 16, 15),
      end: local(11, 22, 17, 45),
      notes: 'Gate drill first',
      tags: ['putting'],
      round: null,
      eventdrills: [{ drill_id: 5, ced_id: 31 }],
      // The owner's own shares go back as they were (the owner's entry is implied).
      share: 'SHARE_SELECTED',
      usershares: [{ uid: 9, permissions: 0 }],
      orgshares: [{ org_id: 2, permissions: 0 }],
    });
    // The calendar is read again: the practice is now on Sunday.
    expect(await screen.findByRole('button', { name: 'Sunday 11/22/26, 1 event: Practice' })).toBeInTheDocument();
  });

  it('an editor who is not the owner moves by dragging to a day cell; the shares are left out', async () => {
    const fetchMock = renderCalendar({
      'GET /v4/events': eventsRoute(() => [LESSON]),
      'POST /v4/events': ({ init }) => ({ json: buildEvent({ ...JSON.parse(String(init.body)), event_id: 3 }) }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Tuesday 11/24/26, 1 event: Lesson' }));
    const row = within(dayPanel()).getByTestId('day-event');
    const target = screen.getByRole('button', { name: 'Thursday 11/26/26, no events' });
    expect(target).toHaveAttribute('data-date', '2026-11-26');
    pointAt(target.firstElementChild!);
    const handle = row.querySelector('[title="Drag to another day"]')!;
    fireEvent.pointerDown(handle, { pointerId: 1, isPrimary: true, button: 0, clientX: 20, clientY: 400 });
    fireEvent.pointerMove(window, { pointerId: 1, clientX: 24, clientY: 398 });
    expect(screen.queryByText(/Moving/)).toBeNull();
    fireEvent.pointerMove(window, { pointerId: 1, clientX: 200, clientY: 120 });
    fireEvent.pointerUp(window, { pointerId: 1, clientX: 200, clientY: 120 });
    expect(await screen.findByText('Moved "Bunker lesson" to Thursday 11/26/26.')).toBeInTheDocument();
    const body = JSON.parse(String(callsTo(fetchMock, 'POST /v4/events')[0]!.init.body));
    expect(body).toMatchObject({ event_type: 'LESSON', start: local(11, 26, 10, 0), end: null, eventdrills: [] });
    expect(body).not.toHaveProperty('share');
    expect(body).not.toHaveProperty('usershares');
    expect(body).not.toHaveProperty('orgshares');
  });

  it('"Move to a date" takes a date; a drop on the same day changes nothing', async () => {
    const fetchMock = renderCalendar({
      'GET /v4/events': eventsRoute(() => [PRACTICE]),
      'POST /v4/events': ({ init }) => ({ json: buildEvent(JSON.parse(String(init.body))) }),
    });
    const user = userEvent.setup();
    const row = await within(dayPanel()).findByTestId('day-event');
    const handle = row.querySelector('[title="Drag to another day"]')!;
    pointAt(screen.getByRole('button', { name: /^Saturday 11\/21\/26/ }));
    fireEvent.pointerDown(handle, { pointerId: 1, isPrimary: true, button: 0, clientX: 20, clientY: 400 });
    fireEvent.pointerMove(window, { pointerId: 1, clientX: 120, clientY: 100 });
    fireEvent.pointerUp(window, { pointerId: 1, clientX: 120, clientY: 100 });
    expect(callsTo(fetchMock, 'POST /v4/events')).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Move Putting ladder' }));
    await user.click(await menuItem('Move to a date…'));
    const dialog = await screen.findByRole('dialog', { name: 'Move "Putting ladder"' });
    const input = within(dialog).getByLabelText('New date');
    expect(input).toHaveValue('2026-11-21');
    fireEvent.change(input, { target: { value: '2026-12-03' } });
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Moved "Putting ladder" to Thursday 12/3/26.')).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/events')[0]!.init.body))).toMatchObject({
      start: local(12, 3, 16, 15),
      end: local(12, 3, 17, 45),
    });
  });

  it('on a wide screen each day shows its first events as chips, and a chip drags to another day', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query.includes('min-width') });
    try {
      const busy = [1, 2, 3, 4].map((i) =>
        buildEvent({ event_id: 40 + i, title: `Session ${i}`, start: local(11, 10, 8 + i, 0), end: null }),
      );
      const fetchMock = renderCalendar({
        'GET /v4/events': eventsRoute(() => [...busy, SHARED_ROUND]),
        'POST /v4/events': ({ init }) => ({ json: buildEvent(JSON.parse(String(init.body))) }),
      });
      const grid = screen.getByRole('group', { name: 'November 2026' });
      const tuesday = await within(grid).findByText('+1 more');
      const cell = tuesday.closest('[data-date]')!;
      expect(cell).toHaveAttribute('data-date', '2026-11-10');
      expect(
        within(cell as HTMLElement)
          .getAllByTestId('event-chip')
          .map((chip) => chip.textContent),
      ).toEqual(['Practice:9:00Session 1', 'Practice:10:00Session 2', 'Practice:11:00Session 3']);
      // The shared round is view-only: its chip opens it but does not drag.
      const round = within(grid).getByRole('link', { name: /Round at Links/ });
      expect(round).toHaveStyle({ cursor: 'pointer' });

      const chip = within(cell as HTMLElement).getByRole('link', { name: /Session 2/ });
      pointAt(within(grid).getByRole('button', { name: 'Friday 11/13/26, no events' }));
      fireEvent.pointerDown(chip, { pointerId: 3, isPrimary: true, button: 0, clientX: 300, clientY: 300 });
      fireEvent.pointerMove(window, { pointerId: 3, clientX: 500, clientY: 300 });
      fireEvent.pointerUp(window, { pointerId: 3, clientX: 500, clientY: 300 });
      expect(await screen.findByText('Moved "Session 2" to Friday 11/13/26.')).toBeInTheDocument();
      const [post] = callsTo(fetchMock, 'POST /v4/events');
      expect(post!.url.searchParams.get('event_id')).toBe('42');
      expect(JSON.parse(String(post!.init.body))).toMatchObject({ start: local(11, 13, 10, 0), end: null });
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('the week view lists the days one under another on a phone, Monday first, each with its events', async () => {
    const fetchMock = renderCalendar(
      { 'GET /v4/events': eventsRoute(() => [PRACTICE, SHARED_ROUND, LESSON]) },
      '/calendar?date=2026-11-21&view=week',
    );
    expect(screen.getByRole('heading', { level: 2, name: '11/16/26 to 11/22/26' })).toBeInTheDocument();
    const days = screen.getAllByRole('heading', { level: 3 });
    expect(days.map((day) => day.textContent)).toEqual([
      'Monday 11/16/26',
      'Tuesday 11/17/26',
      'Wednesday 11/18/26 (today)',
      'Thursday 11/19/26',
      'Friday 11/20/26',
      'Saturday 11/21/26',
      'Sunday 11/22/26',
    ]);
    const saturday = screen.getByRole('region', { name: 'Saturday 11/21/26' });
    expect(await within(saturday).findAllByTestId('day-event')).toHaveLength(2);
    expect(within(saturday).getByRole('button', { name: 'Add event on Saturday 11/21/26' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Monday 11/16/26' })).getByTestId('day-empty')).toHaveTextContent(
      'Nothing on this day.',
    );
    expect(callsTo(fetchMock, 'GET /v4/events')[0]!.url.searchParams.get('from')).toBe(new Date(2026, 10, 16).toISOString());

    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(screen.getByRole('heading', { level: 2, name: '11/23/26 to 11/29/26' })).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: 'Tuesday 11/24/26' })).findByRole('link', { name: /Bunker lesson/ }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Month' }));
    expect(screen.getByRole('heading', { level: 2, name: 'November 2026' })).toBeInTheDocument();
  });

  it('says what to do in an empty month, and offers Try again after a failed load', async () => {
    let fail = true;
    renderCalendar({
      'GET /v4/events': () => (fail ? { status: 500, json: { error: 'Database down', code: 'INTERNAL' } } : { json: { events: [] } }),
    });
    expect(await screen.findByText('Your events could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('calendar-empty')).toHaveTextContent(
      'Nothing in this month yet. Choose a day and use Add event to plan a practice, lesson or workout, or Add Round after you play.',
    );
  });
});
