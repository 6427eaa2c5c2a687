import type { DrillResponse, DrillResultResponse, EventResponse } from '@holeout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { buildSettings, buildSubscription, buildUser } from '../../../test/factories.ts';
import { callsTo, createFetchMock, type Routes as ApiRoutes } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import DrillPage from './drill-page.tsx';

function buildDrill(overrides: Partial<DrillResponse> = {}): DrillResponse {
  return {
    drill_id: 5,
    uid: 7,
    folder_id: null,
    title: 'Gate drill',
    description: 'Ten putts through a tee gate from 4 ft.',
    category: 'shortPutts',
    fields: [
      { type: 'NUMBER', key: 'made', label: 'Putts made of 10', required: true, min: 0, max: 10, step: 1, unit: null },
      { type: 'SELECT', key: 'green', label: 'Green speed', required: false, options: ['slow', 'medium', 'fast'] },
      { type: 'TOGGLE', key: 'windy', label: 'Windy', required: false },
      { type: 'STRING', key: 'notes', label: 'Notes', required: false, max: 500 },
    ],
    score_field: 'made',
    higher_is_better: true,
    usershares: [],
    orgshares: [],
    permissions: 3,
    updated_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

function buildEvent(overrides: Partial<EventResponse> = {}): EventResponse {
  return {
    event_id: 12,
    event_type: 'PRACTICE',
    uid: 7,
    title: 'Putting practice',
    start: '2026-11-20T09:00:00Z',
    end: null,
    notes: '',
    tags: [],
    share: 'SHARE_SELF',
    usershares: [],
    orgshares: [],
    eventdrills: [{ ced_id: 31, drill_id: 5 }],
    round: null,
    round_summary: null,
    permissions: 3,
    updated_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

function buildResult(overrides: Partial<DrillResultResponse> = {}): DrillResultResponse {
  return {
    drillresult_id: 88,
    ced_id: 31,
    drill_id: 5,
    event_id: 12,
    uid: 7,
    recorded_by: 7,
    time: '2026-11-20T09:30:00Z',
    values: { made: 7, green: 'fast', windy: false },
    score: 7,
    ...overrides,
  };
}

const EVENTS = [
  buildEvent(),
  buildEvent({
    event_id: 14,
    event_type: 'LESSON',
    title: 'Lesson with Robin',
    start: '2026-11-22T15:00:00Z',
    eventdrills: [{ ced_id: 33, drill_id: 5 }],
  }),
  // Omar's practice, shared with the caller to view only: not one to record in.
  buildEvent({
    event_id: 20,
    uid: 11,
    title: "Omar's practice",
    start: '2026-11-25T08:00:00Z',
    eventdrills: [{ ced_id: 40, drill_id: 5 }],
    permissions: 0,
  }),
];

const RESULTS = [
  buildResult(),
  buildResult({
    drillresult_id: 90,
    ced_id: 33,
    event_id: 14,
    recorded_by: 9,
    time: '2026-11-22T15:30:00Z',
    values: { made: 9, windy: true },
    score: 9,
  }),
  buildResult({
    drillresult_id: 95,
    ced_id: 40,
    event_id: 20,
    uid: 11,
    recorded_by: 11,
    time: '2026-11-25T08:30:00Z',
    values: { made: 4, notes: 'Left edge' },
    score: 4,
  }),
];

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function renderPage(route: string, routes: ApiRoutes = {}, { premium = true } = {}) {
  const fetchMock = createFetchMock({
    'GET /v4/drills': { json: { drills: [buildDrill()] } },
    'GET /v4/drills/events': { json: { events: EVENTS } },
    'GET /v4/drills/results': { json: { results: RESULTS } },
    'GET /v4/people': {
      json: {
        people: [
          { uid: 9, first_name: 'Robin', last_name: 'Coach', is_coach: true },
          { uid: 11, first_name: 'Omar', last_name: 'Teammate', is_coach: false },
        ],
      },
    },
    ...routes,
  });
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('token', 'tok-1');
  session.store.set({
    ...LOGGED_OUT_STATE,
    status: 'loggedIn',
    user: buildUser(),
    settings: buildSettings(),
    subscription: premium ? buildSubscription() : null,
    subscriptionLoaded: true,
  });
  renderWithProviders(
    <Routes>
      <Route path="/drill" element={<DrillPage />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route },
  );
  return fetchMock;
}

const section = (name: string) => screen.getByRole('region', { name });

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

describe('Drill page', () => {
  it('shows the drill, its fields with the score, its results newest first with who played them, and its events', async () => {
    const fetchMock = renderPage('/drill?drill_id=5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gate drill' })).toBeInTheDocument();
    expect(screen.getByText('Short putts')).toBeInTheDocument();
    expect(screen.getByText('Ten putts through a tee gate from 4 ft.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /v4/drills')[0]!.url.searchParams.get('drill_id')).toBe('5');

    const fields = within(section('What each attempt records')).getAllByRole('listitem');
    expect(fields.map((field) => field.textContent)).toEqual([
      'Putts made of 10Score, higher is betterNumber from 0 to 10, in steps of 1Required',
      'Green speedOne of: slow, medium, fastOptional',
      'WindyOn or offOptional',
      'NotesText up to 500 charactersOptional',
    ]);
    // The fields' keys (made, green, windy, notes) are internal names: never shown on the page.
    expect(section('What each attempt records')).not.toHaveTextContent(/\bkey\b/i);

    const results = await within(section('Results')).findAllByTestId('drill-result');
    expect(results).toHaveLength(3);
    // Newest first: Omar's (another player, named; view only), then the coach's entry in my lesson, then mine.
    expect(results[0]).toHaveTextContent('Omar Teammate');
    expect(results[0]).toHaveTextContent('Score 4');
    expect(results[0]).toHaveTextContent('Notes:Left edge');
    expect(within(results[0]!).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(results[1]).toHaveTextContent('Score 9');
    expect(results[1]).toHaveTextContent('Windy:Yes');
    expect(results[1]).toHaveTextContent('Green speed:-');
    expect(results[1]).not.toHaveTextContent('Robin Coach');
    expect(within(results[1]!).getByRole('button', { name: /^Edit result/ })).toBeInTheDocument();
    expect(results[2]).toHaveTextContent('Putts made of 10:7');
    expect(results[2]).toHaveTextContent('Green speed:fast');
    expect(results[2]).toHaveTextContent('Windy:No');
    expect(within(results[2]!).getByRole('button', { name: /^Delete result/ })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /v4/drills/results')[0]!.url.searchParams.get('drill_id')).toBe('5');

    const events = within(section('Practices using this drill'));
    expect(events.getByRole('link', { name: 'Lesson with Robin' })).toHaveAttribute('href', '/event?event_id=14');
    expect(events.getByRole('link', { name: "Omar's practice" })).toHaveAttribute('href', '/event?event_id=20');
    expect(events.getByText('11/22/26')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Progress' })).toHaveAttribute('href', '/drillprogress?drill_id=5');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unshare' })).toBeNull();
  });

  it('records a result in the newest practice it may add to, checked against the fields first', async () => {
    const fetchMock = renderPage('/drill?drill_id=5', {
      'POST /v4/drills/results': ({ init }) => ({ json: buildResult({ drillresult_id: 101, ...JSON.parse(String(init.body)) }) }),
    });
    const user = userEvent.setup();
    const record = await screen.findByRole('form', { name: 'Record a result' });
    // Omar's practice is newer, but only viewed: the lesson is the newest the caller may add to.
    const practice = screen.getByRole('combobox', { name: 'Practice' });
    expect(practice).toHaveValue('33');
    expect(within(practice).getAllByRole('option')).toHaveLength(2);

    const made = within(record).getByRole('textbox', { name: /^Putts made of 10/ });
    expect(made).toHaveAttribute('inputmode', 'numeric');
    await user.type(made, '12');
    await user.click(within(record).getByRole('button', { name: 'Record result' }));
    expect(made).toHaveAccessibleDescription('Putts made of 10 is at most 10');
    expect(callsTo(fetchMock, 'POST /v4/drills/results')).toHaveLength(0);

    await user.clear(made);
    await user.type(made, '8');
    await user.click(within(record).getByRole('radio', { name: 'medium' }));
    await user.click(within(record).getByRole('switch', { name: 'Windy' }));
    await user.click(within(record).getByRole('button', { name: 'Record result' }));
    expect(await within(record).findByText('Result saved.')).toBeInTheDocument();
    const body = JSON.parse(String(callsTo(fetchMock, 'POST /v4/drills/results')[0]!.init.body));
    expect(body).toMatchObject({ ced_id: 33, values: { made: 8, green: 'medium', windy: true } });
    expect(Number.isNaN(Date.parse(body.time))).toBe(false);
    // The form is ready for the next attempt.
    expect(made).toHaveValue('');
  });

  it('shows the reasons the API gives at the fields they name', async () => {
    renderPage('/drill?drill_id=5', {
      'POST /v4/drills/results': {
        status: 400,
        json: {
          error: 'notes: Notes must be plain text',
          code: 'VALIDATION_ERROR',
          details: [{ field: 'notes', message: 'Notes must be plain text', in: 'body' }],
        },
      },
    });
    const user = userEvent.setup();
    const record = await screen.findByRole('form', { name: 'Record a result' });
    await user.type(within(record).getByRole('textbox', { name: /^Putts made of 10/ }), '6');
    await user.type(within(record).getByRole('textbox', { name: 'Notes' }), 'Odd text');
    await user.click(within(record).getByRole('button', { name: 'Record result' }));
    await waitFor(() =>
      expect(within(record).getByRole('textbox', { name: 'Notes' })).toHaveAccessibleDescription('Notes must be plain text'),
    );
    expect(within(record).queryByText('Result saved.')).toBeNull();
  });

  it('edits and deletes a result it may change', async () => {
    const fetchMock = renderPage('/drill?drill_id=5', {
      'POST /v4/drills/results': ({ init }) => ({ json: buildResult({ ...JSON.parse(String(init.body)) }) }),
      'DELETE /v4/drills/results': { json: { ok: true } },
    });
    const user = userEvent.setup();
    const results = await screen.findAllByTestId('drill-result');
    await user.click(within(results[2]!).getByRole('button', { name: /^Edit result/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit result' });
    const made = within(dialog).getByRole('textbox', { name: /^Putts made of 10/ });
    expect(made).toHaveValue('7');
    expect(within(dialog).getByRole('radio', { name: 'fast' })).toBeChecked();
    await user.clear(made);
    await user.type(made, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save result' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/drills/results')).toHaveLength(1));
    const call = callsTo(fetchMock, 'POST /v4/drills/results')[0]!;
    expect(call.url.searchParams.get('drillresult_id')).toBe('88');
    expect(JSON.parse(String(call.init.body))).toMatchObject({
      ced_id: 31,
      time: '2026-11-20T09:30:00.000Z',
      values: { made: 10, green: 'fast', windy: false },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit result' })).toBeNull());

    await user.click(within(screen.getAllByTestId('drill-result')[1]!).getByRole('button', { name: /^Delete result/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete result' });
    expect(callsTo(fetchMock, 'DELETE /v4/drills/results')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE /v4/drills/results')).toHaveLength(1));
    expect(callsTo(fetchMock, 'DELETE /v4/drills/results')[0]!.url.searchParams.get('drillresult_id')).toBe('90');
  });

  it('opened by ced_id, shows the drill as placed in that practice and records in it', async () => {
    const fetchMock = renderPage('/drill?ced_id=31', { 'GET /v4/drills': { json: { drills: [buildDrill({ uid: 9, permissions: 0 })] } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gate drill' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /v4/drills')[0]!.url.searchParams.get('ced_id')).toBe('31');
    expect(await screen.findByText('Shared by Robin Coach, view only')).toBeInTheDocument();
    // The practice it was opened from is the one recorded in, though a newer one is there.
    expect(await screen.findByRole('combobox', { name: 'Practice' })).toHaveValue('31');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    // Seen through the practice, it may not be shared with the caller at all: nothing to unshare.
    expect(screen.queryByRole('button', { name: 'Unshare' })).toBeNull();
  });

  it("a drill shared with the caller offers Unshare, asked in the product's exact words", async () => {
    const fetchMock = renderPage('/drill?drill_id=5', {
      'GET /v4/drills': { json: { drills: [buildDrill({ uid: 9, permissions: 2 })] } },
      'GET /v4/drills/unshare': { json: { ok: true } },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Shared by Robin Coach, you may edit it')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Unshare' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unshare drill' });
    expect(confirm).toHaveTextContent('Are you sure you want to remove yourself from this drill?');
    expect(
      within(confirm)
        .getAllByRole('button')
        .map((button) => button.textContent)
        .filter(Boolean),
    ).toEqual(['Cancel', 'Unshare']);
    await user.click(within(confirm).getByRole('button', { name: 'Unshare' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/drills');
    expect(callsTo(fetchMock, 'GET /v4/drills/unshare')[0]!.url.searchParams.get('drill_id')).toBe('5');
  });

  it('explains how to get a practice to record in when there is none', async () => {
    renderPage('/drill?drill_id=5', {
      'GET /v4/drills/events': { json: { events: [] } },
      'GET /v4/drills/results': { json: { results: [] } },
    });
    const none = await screen.findByTestId('no-practice');
    expect(none).toHaveTextContent('Add this drill to one from the calendar');
    expect(within(none).getByRole('link', { name: 'calendar' })).toHaveAttribute('href', '/calendar');
    expect(await screen.findByTestId('no-results')).toHaveTextContent('No results yet.');
    expect(screen.queryByRole('form', { name: 'Record a result' })).toBeNull();
  });

  it('a free user sees the drill and a Subscribe note instead of the form', async () => {
    renderPage('/drill?drill_id=5', {}, { premium: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gate drill' })).toBeInTheDocument();
    const note = await screen.findByTestId('result-form-premium');
    expect(within(note).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscriptions');
    expect(screen.queryByRole('form', { name: 'Record a result' })).toBeNull();
  });

  it('says when the drill does not exist or is not shared with the caller', async () => {
    renderPage('/drill?drill_id=77', { 'GET /v4/drills': { status: 404, json: { error: 'No such drill', code: 'NOT_FOUND' } } });
    const notFound = await screen.findByTestId('drill-not-found');
    expect(notFound).toHaveTextContent('This drill does not exist, or it is not shared with you.');
    expect(screen.getByRole('link', { name: 'Back to drills' })).toHaveAttribute('href', '/drills');
  });
});
