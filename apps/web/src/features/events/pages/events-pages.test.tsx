import type { DrillResponse, EventResponse } from '@holeout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppQueryClient } from '../../../lib/query-client.ts';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { callsTo, createFetchMock, type Routes } from '../../../test/fetch-mock.ts';
import { buildSettings, buildSubscription, buildUser } from '../../../test/factories.ts';
import { renderApp } from '../../../test/render.tsx';

/** The API's answer to a saved event: the body sent, with every placed drill given its ced_id as the API does. */
function answerOf(body: Record<string, unknown>, over: Record<string, unknown> = {}) {
  const placed = (body.eventdrills as Array<{ drill_id: number; ced_id?: number }> | undefined)?.map((d, i) => ({
    drill_id: d.drill_id,
    ced_id: d.ced_id ?? 900 + i,
  }));
  return buildEvent({ ...over, ...body, ...(placed ? { eventdrills: placed } : {}) });
}
import { buildRoundEvent, SHORT_ROUND } from '../../../test/stats-fixtures.ts';

function signIn(overrides: Parameters<typeof buildUser>[0] = {}) {
  localStorage.setItem('token', 'tok-1');
  session.store.set({ ...LOGGED_OUT_STATE, status: 'loggedIn', user: buildUser(overrides), settings: buildSettings() });
}

const ROUND = SHORT_ROUND;

/** The shared round event, shared with organisation 2 (the sharing tests change it). */
function buildEvent(overrides: Partial<EventResponse> = {}): EventResponse {
  return buildRoundEvent({ share: 'SHARE_SELECTED', orgshares: [{ org_id: 2, permissions: 0 }], ...overrides });
}

function api(routes: Routes) {
  const fetchMock = createFetchMock({
    'GET /v4/tags': { json: { tags: [] } },
    'GET /v4/orgs': { json: [{ org_id: 2, name: 'Holeout Academy', media_id: null, sub_id: 1 }] },
    ...routes,
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

describe('Events page', () => {
  it('says what will be there when empty, and offers Add Round', async () => {
    api({ 'GET /v4/events': { json: { events: [] } } });
    signIn();
    renderApp('/events');
    const empty = await screen.findByTestId('events-empty');
    expect(empty).toHaveTextContent('Your rounds, practice sessions, lessons, workouts and notes will be listed here');
    expect(within(empty).getByRole('link', { name: 'Add Round' })).toHaveAttribute('href', '/scanner');
  });

  it('lists rounds with score, to-par and course; pages by the count loaded; filters by type', async () => {
    const page = (start: number, count: number) => Array.from({ length: count }, (_, i) => buildEvent({ event_id: start + i + 1 }));
    const fetchMock = api({
      'GET /v4/events': ({ url }) => {
        if (url.searchParams.get('types') === 'PRACTICE')
          return {
            json: { events: [buildEvent({ event_id: 99, event_type: 'PRACTICE', title: 'Range', round: null, round_summary: null })] },
          };
        return { json: { events: url.searchParams.get('start') === '0' ? page(0, 20) : page(20, 3) } };
      },
    });
    signIn();
    const user = userEvent.setup();
    renderApp('/events');
    expect(await screen.findAllByTestId('event-card')).toHaveLength(20);
    expect(screen.getAllByTestId('round-summary')[0]).toHaveTextContent('Links · Score 12 (E) · 3 holes');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('event-card')).toHaveLength(23));
    expect(callsTo(fetchMock, 'GET /v4/events').map(({ url }) => url.searchParams.get('start'))).toEqual(['0', '20']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.click(within(screen.getByRole('group', { name: 'Types' })).getByRole('checkbox', { name: 'Practice' }));
    await waitFor(() => expect(screen.getAllByTestId('event-card')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Range' })).toHaveAttribute('href', '/event?event_id=99');
  });

  it('selecting a round drives "Statistics (n)" and invalidates the statistics queries', async () => {
    api({ 'GET /v4/events': { json: { events: [buildEvent()] } } });
    signIn();
    const queryClient = createAppQueryClient();
    const user = userEvent.setup();
    renderApp('/events', queryClient);
    const checkbox = await screen.findByRole('checkbox', { name: /^Select Round at Links on .* for statistics$/ });
    queryClient.setQueryData(['stats', 'sg'], { overall: 1 });
    await user.click(checkbox);
    expect(session.store.get().selectedRounds).toEqual([12]);
    expect(within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Statistics (1)' })).toBeInTheDocument();
    expect(screen.getByText('1 round selected for statistics.')).toBeInTheDocument();
  });

  const PEOPLE = {
    people: [
      { uid: 21, first_name: 'Dana', last_name: 'Okafor', is_coach: false },
      { uid: 22, first_name: 'Lee', last_name: 'Park', is_coach: false },
    ],
  };
  const practiceOf = (eventId: number, owner: number, title: string) =>
    buildEvent({ event_id: eventId, uid: owner, event_type: 'PRACTICE', title, round: null, round_summary: null, permissions: 1 });

  it("names the owner of every event that is not the caller's, with their colour; none on the caller's own", async () => {
    api({
      'GET /v4/people': { json: PEOPLE },
      'GET /v4/events': {
        json: { events: [buildEvent({ event_id: 1 }), buildEvent({ event_id: 2, uid: 21, permissions: 0 }), practiceOf(3, 99, 'Range')] },
      },
    });
    signIn({ uid: 7 });
    renderApp('/events');
    const cards = await screen.findAllByTestId('event-card');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).queryByTestId('event-owner')).toBeNull();
    await waitFor(() => expect(within(cards[1]!).getByTestId('event-owner')).toHaveTextContent('Dana Okafor'));
    expect(within(cards[1]!).getByText('Shared with you')).toBeInTheDocument();
    // Someone GET /people does not list reads 'Unknown', as on every page.
    expect(within(cards[2]!).getByTestId('event-owner')).toHaveTextContent('Unknown');
  });

  it('filters by player: everyone, the caller, or one person GET /people lists, sent as ?uid=; Clear filters resets it', async () => {
    const fetchMock = api({
      'GET /v4/people': { json: PEOPLE },
      'GET /v4/events': ({ url }) => {
        const owner = url.searchParams.get('uid');
        if (owner === '22') return { json: { events: [practiceOf(5, 22, 'Lee alone')] } };
        if (owner === '7') return { json: { events: [buildEvent({ event_id: 6 })] } };
        return { json: { events: [buildEvent({ event_id: 6 }), practiceOf(5, 22, 'Lee alone')] } };
      },
    });
    signIn({ uid: 7 });
    const user = userEvent.setup();
    renderApp('/events');
    expect(await screen.findAllByTestId('event-card')).toHaveLength(2);
    const player = await screen.findByRole('combobox', { name: 'Player' });
    expect(
      within(player)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Everyone', 'Me', 'Dana Okafor', 'Lee Park']);
    expect(callsTo(fetchMock, 'GET /v4/events')[0]!.url.searchParams.has('uid')).toBe(false);

    await user.selectOptions(player, '22');
    await waitFor(() => expect(screen.getAllByTestId('event-card')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Lee alone' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /v4/events').at(-1)!.url.searchParams.get('uid')).toBe('22');

    await user.selectOptions(player, '7');
    await waitFor(() => expect(callsTo(fetchMock, 'GET /v4/events').at(-1)!.url.searchParams.get('uid')).toBe('7'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Lee alone' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getAllByTestId('event-card')).toHaveLength(2));
    expect(screen.getByRole('combobox', { name: 'Player' })).toHaveValue('');
  });

  it('without anyone else known, offers no player filter', async () => {
    const fetchMock = api({ 'GET /v4/people': { json: { people: [] } }, 'GET /v4/events': { json: { events: [buildEvent()] } } });
    signIn();
    const queryClient = createAppQueryClient();
    renderApp('/events', queryClient);
    await screen.findAllByTestId('event-card');
    await waitFor(() => expect(queryClient.getQueryState(['people'])?.status).toBe('success'));
    expect(callsTo(fetchMock, 'GET /v4/people')).toHaveLength(1);
    expect(screen.queryByRole('combobox', { name: 'Player' })).toBeNull();
  });

  it('folds consecutive repeats into one row that opens in place, each event then named with its owner', async () => {
    const team = Array.from({ length: 13 }, (_, i) => practiceOf(100 + i, i % 2 === 0 ? 21 : 22, 'Academy team session'));
    api({
      'GET /v4/people': { json: PEOPLE },
      'GET /v4/events': { json: { events: [practiceOf(1, 7, 'Putting practice'), ...team, buildEvent({ event_id: 2 })] } },
    });
    signIn({ uid: 7 });
    const user = userEvent.setup();
    renderApp('/events');
    const toggle = await screen.findByRole('button', { name: 'Academy team session ×13' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByTestId('event-card')).toHaveLength(2);
    const row = screen.getByTestId('event-repeats');
    expect(row).toHaveTextContent('2 players');
    expect(within(row).queryByRole('link')).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const opened = within(row).getByRole('list', { name: 'Academy team session, 13 events' });
    expect(toggle).toHaveAttribute('aria-controls', opened.id);
    const cards = within(opened).getAllByTestId('event-card');
    expect(cards).toHaveLength(13);
    expect(within(cards[0]!).getByRole('link', { name: 'Academy team session' })).toHaveAttribute('href', '/event?event_id=100');
    await waitFor(() => expect(within(cards[0]!).getByTestId('event-owner')).toHaveTextContent('Dana Okafor'));
    expect(within(cards[1]!).getByTestId('event-owner')).toHaveTextContent('Lee Park');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(row).queryByRole('list')).toBeNull();
  });

  it('creates a practice with title, notes, tags and a sharing scope', async () => {
    const fetchMock = api({
      'GET /v4/events': { json: { events: [] } },
      'POST /v4/events': ({ init }) => ({
        json: buildEvent({ ...JSON.parse(String(init.body)), event_id: 31, round: null, round_summary: null }),
      }),
    });
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/events');
    await user.click(await screen.findByRole('button', { name: 'New event' }));
    const dialog = await screen.findByRole('dialog', { name: 'New event' });
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'LESSON');
    await user.type(within(dialog).getByLabelText('Title'), 'Short game lesson');
    await user.type(within(dialog).getByLabelText('Notes'), 'Bump and run');
    await user.type(within(dialog).getByRole('combobox', { name: 'Tags' }), 'chipping{Enter}');
    await user.selectOptions(within(dialog).getByLabelText('Who can see it'), 'SHARE_COACHES');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.search).toBe('?event_id=31'));
    const body = JSON.parse(String(callsTo(fetchMock, 'POST /v4/events')[0]!.init.body));
    expect(body).toMatchObject({
      event_type: 'LESSON',
      title: 'Short game lesson',
      notes: 'Bump and run',
      tags: ['chipping'],
      share: 'SHARE_COACHES',
      round: null,
    });
  });
});

describe('Event page', () => {
  it('shows the scorecard with score names beside the colour, and strokes gained against another benchmark', async () => {
    api({ 'GET /v4/events': { json: { events: [buildEvent()] } } });
    signIn({ benchmark: 'TOUR' });
    const user = userEvent.setup();
    renderApp('/event?event_id=12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Round at Links' })).toBeInTheDocument();
    const rows = within(screen.getByTestId('scorecard')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'HoleParScoreStrokes gained',
      expect.stringMatching(/^144Par/),
      expect.stringMatching(/^232Birdie/),
      expect.stringMatching(/^356Bogey/),
      expect.stringMatching(/^Total1212 \(E\)/),
    ]);
    const total = () => within(screen.getByTestId('category-table')).getByRole('row', { name: /^Total/ }).textContent;
    const tour = total();
    await user.selectOptions(screen.getByLabelText('Benchmark'), 'HUNDRED');
    expect(total()).not.toBe(tour);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('the owner may edit, share and delete (after confirming)', async () => {
    const fetchMock = api({ 'GET /v4/events': { json: { events: [buildEvent()] } }, 'DELETE /v4/events': { json: { ok: true } } });
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/event?event_id=12');
    await screen.findByRole('heading', { level: 1, name: 'Round at Links' });
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove from my list' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete event' });
    expect(callsTo(fetchMock, 'DELETE /v4/events')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(callsTo(fetchMock, 'DELETE /v4/events')[0]!.url.searchParams.get('event_id')).toBe('12');
  });

  it('sharing sends the scope, the organisations and the people with their permissions', async () => {
    const fetchMock = api({
      'GET /v4/events': { json: { events: [buildEvent({ usershares: [{ uid: 9, permissions: 2 }] })] } },
      'GET /v4/people': {
        json: {
          people: [
            { uid: 9, first_name: 'Robin', last_name: 'Coach', is_coach: true },
            { uid: 11, first_name: 'Omar', last_name: 'Teammate', is_coach: false },
          ],
        },
      },
      'POST /v4/events': ({ init }) => ({ json: buildEvent(JSON.parse(String(init.body))) }),
    });
    signIn();
    const user = userEvent.setup();
    renderApp('/event?event_id=12');
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share' });
    await user.selectOptions(within(dialog).getByLabelText('Who can see it'), 'SHARE_TEAM');
    await user.selectOptions(await within(dialog).findByLabelText('Holeout Academy'), '2');
    // People show by name (GET /people); one is taken off, one added from the people the user knows.
    await user.selectOptions(await within(dialog).findByLabelText('Robin Coach'), '-1');
    await user.selectOptions(within(dialog).getByLabelText('Add a person'), '11');
    expect(within(dialog).getByLabelText('Omar Teammate')).toHaveValue('0');
    await user.click(within(dialog).getByRole('button', { name: 'Save sharing' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/events')).toHaveLength(1));
    const [post] = callsTo(fetchMock, 'POST /v4/events');
    expect(post!.url.searchParams.get('event_id')).toBe('12');
    expect(JSON.parse(String(post!.init.body))).toMatchObject({
      share: 'SHARE_TEAM',
      orgshares: [{ org_id: 2, permissions: 2 }],
      usershares: [{ uid: 11, permissions: 0 }],
      round: ROUND,
    });
  });

  it('a viewer sees it read-only and may remove it from their list', async () => {
    const fetchMock = api({
      'GET /v4/events': { json: { events: [buildEvent({ uid: 3, permissions: 0 })] } },
      'GET /v4/events/unshare': { json: { ok: true } },
    });
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/event?event_id=12');
    await screen.findByText('Shared with you, view only');
    for (const name of ['Edit', 'Share', 'Delete', 'Edit shots']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove from my list' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove from my list' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(callsTo(fetchMock, 'GET /v4/events/unshare')[0]!.url.searchParams.get('event_id')).toBe('12');
  });

  it("names the owner of someone else's event under its title ('Round by Dana Okafor'), not of the caller's own", async () => {
    api({
      'GET /v4/people': { json: { people: [{ uid: 21, first_name: 'Dana', last_name: 'Okafor', is_coach: false }] } },
      'GET /v4/events': ({ url }) => ({
        json: {
          events: [url.searchParams.get('event_id') === '12' ? buildEvent({ uid: 21, permissions: 0 }) : buildEvent({ event_id: 13 })],
        },
      }),
    });
    signIn({ uid: 7 });
    const first = renderApp('/event?event_id=12');
    expect(await screen.findByText('Round by Dana Okafor')).toBeInTheDocument();
    first.unmount();
    renderApp('/event?event_id=13');
    await screen.findByRole('heading', { level: 1, name: 'Round at Links' });
    expect(screen.queryByTestId('event-owner')).toBeNull();
  });

  it("the round's checkbox says it selects the round for the statistics, and what a selection does", async () => {
    api({ 'GET /v4/events': { json: { events: [buildEvent()] } } });
    signIn();
    const user = userEvent.setup();
    renderApp('/event?event_id=12');
    const checkbox = await screen.findByRole('checkbox', { name: 'Select for statistics' });
    expect(checkbox).not.toBeChecked();
    expect(screen.getByText(/With none selected, all rounds count\./)).toBeInTheDocument();
    expect(screen.queryByText(/Use this round in my statistics/)).toBeNull();
    await user.click(checkbox);
    expect(checkbox).toBeChecked();
    expect(session.store.get().selectedRounds).toEqual([12]);
    expect(screen.getByText('Statistics count only the selected rounds (1 selected now).')).toBeInTheDocument();
  });

  it('without an event_id, or for an event not shared with the user, says so under one h1', async () => {
    api({ 'GET /v4/events': { status: 404, json: { error: 'No such event', code: 'NOT_FOUND' } } });
    signIn();
    const first = renderApp('/event');
    expect(await screen.findByText(/No event was chosen/)).toBeInTheDocument();
    first.unmount();
    renderApp('/event?event_id=5');
    expect(await screen.findByText('This event does not exist, or it is not shared with you.')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});

describe('Event drills', () => {
  function buildDrill(overrides: Partial<DrillResponse> = {}): DrillResponse {
    return {
      drill_id: 5,
      uid: 7,
      folder_id: null,
      title: 'Gate drill',
      description: '',
      category: 'shortPutts',
      fields: [{ key: 'made', label: 'Putts made of 10', type: 'NUMBER', min: 0, max: 10, step: 1, unit: null, required: true }],
      score_field: 'made',
      higher_is_better: true,
      usershares: [],
      orgshares: [],
      permissions: 3,
      updated_at: '2026-11-01T00:00:00Z',
      ...overrides,
    };
  }
  const GATE = buildDrill();
  const LADDER = buildDrill({ drill_id: 6, uid: 9, title: 'Coach ladder' });
  const WEDGES = buildDrill({ drill_id: 7, title: 'Wedge ladder' });
  const PRACTICE = buildEvent({
    event_id: 40,
    event_type: 'PRACTICE',
    title: 'Putting session',
    round: null,
    round_summary: null,
    eventdrills: [
      { ced_id: 31, drill_id: 5 },
      { ced_id: 32, drill_id: 6 },
    ],
  });

  /** Drills the caller sees (Coach ladder is not shared with them: it is found by its ced_id). */
  const drillRoutes: Routes = {
    'GET /v4/drills': ({ url }) =>
      url.searchParams.get('ced_id') === '32' ? { json: { drills: [LADDER] } } : { json: { drills: [GATE, WEDGES] } },
  };

  function signInAs(premium: boolean) {
    signIn();
    session.store.set((s) => ({ ...s, subscription: premium ? buildSubscription() : null, subscriptionLoaded: true }));
  }

  it('lists the drills with links, and Record results for whoever may add', async () => {
    api({ 'GET /v4/events': { json: { events: [PRACTICE] } }, ...drillRoutes });
    signInAs(true);
    renderApp('/event?event_id=40');
    const section = await screen.findByRole('region', { name: 'Drills' });
    expect(await within(section).findByRole('link', { name: 'Gate drill' })).toHaveAttribute('href', '/drill?ced_id=31');
    expect(await within(section).findByRole('link', { name: 'Coach ladder' })).toHaveAttribute('href', '/drill?ced_id=32');
    expect(within(section).getByRole('link', { name: 'Record results' })).toHaveAttribute('href', '/drillresults?event_id=40');
    expect(within(section).getByRole('button', { name: 'Change drills' })).toBeInTheDocument();
  });

  it('someone with Can add records results but does not change the drills; a viewer only reads them', async () => {
    let permissions = 1;
    const fetchMock = api({
      'GET /v4/events': () => ({ json: { events: [{ ...PRACTICE, uid: 3, permissions }] } }),
      'GET /v4/drills': { json: { drills: [LADDER] } },
    });
    signInAs(false);
    const first = renderApp('/event?event_id=40');
    let section = await screen.findByRole('region', { name: 'Drills' });
    expect(within(section).getByRole('link', { name: 'Record results' })).toBeInTheDocument();
    expect(within(section).queryByRole('button')).toBeNull();
    // Not premium: the drills are named through their ced_id, never by listing drills.
    await waitFor(() => expect(within(section).getAllByRole('link', { name: 'Coach ladder' })).toHaveLength(2));
    expect(
      callsTo(fetchMock, 'GET /v4/drills')
        .map(({ url }) => url.searchParams.get('ced_id'))
        .sort(),
    ).toEqual(['31', '32']);
    first.unmount();

    permissions = 0;
    renderApp('/event?event_id=40');
    section = await screen.findByRole('region', { name: 'Drills' });
    expect(within(section).queryByRole('link', { name: 'Record results' })).toBeNull();
  });

  it('a premium editor adds, reorders and removes drills, warned when results go too; saved ones keep their ced_id', async () => {
    const fetchMock = api({
      'GET /v4/events': { json: { events: [PRACTICE] } },
      ...drillRoutes,
      'GET /v4/drills/results': {
        json: {
          results: [
            {
              drillresult_id: 88,
              ced_id: 31,
              drill_id: 5,
              event_id: 40,
              uid: 7,
              recorded_by: 7,
              time: '2026-11-21T16:20:00Z',
              values: { made: 7 },
              score: 7,
            },
          ],
        },
      },
      'POST /v4/events': ({ init }) => ({ json: answerOf(JSON.parse(String(init.body)), PRACTICE) }),
    });
    signInAs(true);
    const user = userEvent.setup();
    renderApp('/event?event_id=40');
    await user.click(await screen.findByRole('button', { name: 'Change drills' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit practice' });
    const picker = within(dialog).getByRole('group', { name: 'Drills' });
    await within(picker).findByText('2. Coach ladder');
    expect(callsTo(fetchMock, 'GET /v4/drills/results')[0]!.url.searchParams.get('ced_id')).toBe('31,32');

    // Coach ladder has no results: it goes at once.
    await user.click(within(picker).getByRole('button', { name: 'Remove Coach ladder' }));
    expect(within(picker).queryByText(/Coach ladder/)).toBeNull();
    // Gate drill has results: a warning first.
    await user.click(within(picker).getByRole('button', { name: 'Remove Gate drill' }));
    expect(within(picker).getByRole('alert')).toHaveTextContent('Its results in this event are deleted too');
    await user.click(within(picker).getByRole('button', { name: 'Keep it' }));
    expect(within(picker).getByText('1. Gate drill')).toBeInTheDocument();

    await user.selectOptions(within(picker).getByLabelText('Add a drill'), '7');
    expect(
      within(picker)
        .getAllByTestId('picked-drill')
        .map((row) => row.textContent),
    ).toEqual(['1. Gate drill', '2. Wedge ladder']);
    await user.click(within(picker).getByRole('button', { name: 'Move Wedge ladder up' }));
    expect(
      within(picker)
        .getAllByTestId('picked-drill')
        .map((row) => row.textContent),
    ).toEqual(['1. Wedge ladder', '2. Gate drill']);
    expect(within(picker).getByRole('button', { name: 'Move Wedge ladder up' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/events')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/events')[0]!.init.body)).eventdrills).toEqual([
      { drill_id: 7 },
      { drill_id: 5, ced_id: 31 },
    ]);
  });

  it('without premium the editor shows the drills read-only and leaves them out of the save', async () => {
    const fetchMock = api({
      'GET /v4/events': { json: { events: [PRACTICE] } },
      ...drillRoutes,
      'POST /v4/events': ({ init }) => ({ json: answerOf(JSON.parse(String(init.body)), PRACTICE) }),
    });
    signInAs(false);
    const user = userEvent.setup();
    renderApp('/event?event_id=40');
    const section = await screen.findByRole('region', { name: 'Drills' });
    expect(within(section).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscriptions');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const picker = within(await screen.findByRole('dialog', { name: 'Edit practice' })).getByRole('group', { name: 'Drills' });
    expect(await within(picker).findByText('1. Gate drill')).toBeInTheDocument();
    expect(await within(picker).findByText('2. Coach ladder')).toBeInTheDocument();
    // Not premium: each drill is named through its ced_id, never by listing drills.
    expect(callsTo(fetchMock, 'GET /v4/drills').every(({ url }) => url.searchParams.has('ced_id'))).toBe(true);
    expect(within(picker).queryByRole('button')).toBeNull();
    expect(within(picker).queryByLabelText('Add a drill')).toBeNull();
    await user.click(within(screen.getByRole('dialog', { name: 'Edit practice' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/events')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/events')[0]!.init.body))).not.toHaveProperty('eventdrills');
    expect(callsTo(fetchMock, 'GET /v4/drills/results')).toHaveLength(0);
  });

  it('?new=WORKOUT&date= opens the editor on that day with that type, and a new round goes to Add Round', async () => {
    const fetchMock = api({
      ...drillRoutes,
      'GET /v4/events': { json: { events: [] } },
      'POST /v4/events': ({ init }) => ({
        json: answerOf({ ...JSON.parse(String(init.body)), event_id: 41, round: null, round_summary: null }),
      }),
    });
    signInAs(true);
    const user = userEvent.setup();
    const { router } = renderApp('/event?new=WORKOUT&date=2026-11-24');
    const dialog = await screen.findByRole('dialog', { name: 'New event' });
    expect(within(dialog).getByLabelText('Type')).toHaveValue('WORKOUT');
    expect((within(dialog).getByLabelText('Start') as HTMLInputElement).value).toMatch(/^2026-11-24T\d{2}:00$/);
    await user.selectOptions(await within(dialog).findByLabelText('Add a drill'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.search).toBe('?event_id=41'));
    const body = JSON.parse(String(callsTo(fetchMock, 'POST /v4/events')[0]!.init.body));
    expect(body).toMatchObject({ event_type: 'WORKOUT', eventdrills: [{ drill_id: 5 }] });
    expect(new Date(body.start).getDate()).toBe(24);

    await router.navigate('/event?new=ROUND&date=2026-11-24');
    await waitFor(() => expect(router.state.location.pathname).toBe('/scanner'));
  });
});
