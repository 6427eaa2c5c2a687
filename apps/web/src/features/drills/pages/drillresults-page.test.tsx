import type { DrillResponse, DrillResultResponse, EventResponse } from '@holeout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { buildSettings, buildSubscription, buildUser } from '../../../test/factories.ts';
import { callsTo, createFetchMock } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import DrillResultsPage from './drillresults-page.tsx';

function buildDrill(overrides: Partial<DrillResponse>): DrillResponse {
  return {
    drill_id: 5,
    uid: 7,
    folder_id: null,
    title: 'Gate drill',
    description: 'Ten putts through a tee gate from 4 feet.',
    category: 'shortPutts',
    fields: [
      { key: 'made', label: 'Putts made of 10', type: 'NUMBER', min: 0, max: 10, step: 1, unit: null, required: true },
      { key: 'green', label: 'Green speed', type: 'SELECT', options: ['slow', 'fast'], required: false },
    ],
    score_field: 'made',
    higher_is_better: true,
    usershares: [],
    orgshares: [],
    permissions: 3,
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

const GATE = buildDrill({});
const LADDER = buildDrill({
  drill_id: 6,
  title: 'Wedge ladder',
  description: '',
  fields: [{ key: 'distance', label: 'Distance', type: 'NUMBER', min: 0, max: null, step: null, unit: 'yd', required: true }],
  score_field: 'distance',
});
const DRILL_OF_CED: Record<number, DrillResponse> = { 31: GATE, 32: LADDER };

function buildEvent(overrides: Partial<EventResponse> = {}): EventResponse {
  return {
    event_id: 12,
    event_type: 'PRACTICE',
    uid: 7,
    title: 'Morning putting',
    start: '2026-11-21T08:00:00',
    end: null,
    notes: '',
    tags: [],
    share: 'SHARE_SELF',
    usershares: [],
    orgshares: [],
    eventdrills: [
      { ced_id: 31, drill_id: 5 },
      { ced_id: 32, drill_id: 6 },
    ],
    round: null,
    round_summary: null,
    permissions: 3,
    updated_at: '2026-11-21T08:00:00Z',
    ...overrides,
  };
}

function result(overrides: Partial<DrillResultResponse>): DrillResultResponse {
  return {
    drillresult_id: 88,
    ced_id: 31,
    drill_id: 5,
    event_id: 12,
    uid: 7,
    recorded_by: 7,
    time: '2026-11-21T08:10:00',
    values: { made: 7, green: 'fast' },
    score: 7,
    ...overrides,
  };
}

const PEOPLE = [
  { uid: 5, first_name: 'Kim', last_name: 'Lee', is_coach: true },
  { uid: 21, first_name: 'Ben', last_name: 'Crenshaw', is_coach: false },
];

function openPage({
  event = buildEvent(),
  results = [result({})],
  premium = true,
}: { event?: EventResponse; results?: DrillResultResponse[]; premium?: boolean } = {}) {
  const stored = [...results];
  const fetchMock = createFetchMock({
    'GET /v4/events': { json: { events: [event] } },
    'GET /v4/drills': ({ url }) => ({ json: { drills: [DRILL_OF_CED[Number(url.searchParams.get('ced_id'))]!] } }),
    'GET /v4/drills/results': () => ({ json: { results: stored } }),
    'POST /v4/drills/results': ({ init }) => {
      const body = JSON.parse(String(init.body)) as { ced_id: number; time: string; values: Record<string, number> };
      const values = body.values;
      const saved = result({
        drillresult_id: 100 + stored.length,
        ced_id: body.ced_id,
        time: body.time,
        values,
        score: values.made ?? values.distance ?? null,
      });
      stored.push(saved);
      return { json: saved };
    },
    'DELETE /v4/drills/results': ({ url }) => {
      const id = Number(url.searchParams.get('drillresult_id'));
      stored.splice(
        stored.findIndex((entry) => entry.drillresult_id === id),
        1,
      );
      return { json: { ok: true } };
    },
    'GET /v4/people': { json: { people: PEOPLE } },
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
      <Route path="/drillresults" element={<DrillResultsPage />} />
    </Routes>,
    { route: '/drillresults?event_id=12' },
  );
  return fetchMock;
}

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

describe('Drill results', () => {
  it('records attempts in a row: the form empties with the cursor in its first field, then Next drill moves on', async () => {
    const user = userEvent.setup();
    const fetchMock = openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Drill results' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Gate drill' })).toBeInTheDocument();
    expect(screen.getByText('Drill 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Morning putting' })).toHaveAttribute('href', '/event?event_id=12');
    expect(screen.getByText('Score: Putts made of 10, higher is better')).toBeInTheDocument();

    // The attempt already recorded in this practice.
    const first = await screen.findByTestId('attempt');
    expect(first).toHaveTextContent('Attempt 1');
    expect(first).toHaveTextContent('Putts made of 10: 7 · Green speed: fast');
    expect(first).toHaveTextContent('Score 7');

    const made = screen.getByRole('textbox', { name: /Putts made of 10/ });
    await user.type(made, '8');
    await user.click(screen.getByRole('button', { name: 'Save and next attempt' }));

    expect(await screen.findByText('Attempt 2 saved, score 8. Enter the next attempt.')).toBeInTheDocument();
    const posts = callsTo(fetchMock, 'POST /v4/drills/results');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]!.init.body))).toMatchObject({ ced_id: 31, values: { made: 8 } });
    // Same drill, an empty form, the cursor in its first field for the next attempt.
    const fresh = screen.getByRole('textbox', { name: /Putts made of 10/ });
    await waitFor(() => expect(fresh).toHaveFocus());
    expect(fresh).toHaveValue('');
    expect(screen.getByRole('heading', { level: 3, name: 'Attempt 3' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('attempt')).toHaveLength(2));
    expect(screen.getAllByTestId('attempt')[1]).toHaveTextContent('Putts made of 10: 8');
    expect(screen.getAllByTestId('attempt')[1]).toHaveTextContent('Score 8');

    await user.click(screen.getByRole('button', { name: 'Next drill' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Wedge ladder' })).toBeInTheDocument();
    expect(screen.getByText('Drill 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Distance/ })).toHaveFocus());
    expect(screen.getByText('No attempts yet: enter the first one above.')).toBeInTheDocument();
    // The last drill ends back at the practice.
    expect(screen.getByRole('link', { name: 'Done' })).toHaveAttribute('href', '/event?event_id=12');
    expect(screen.getByRole('combobox', { name: 'Drill' })).toHaveValue('32');
    expect(
      within(screen.getByRole('combobox', { name: 'Drill' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1. Gate drill (2 attempts)', '2. Wedge ladder (0 attempts)']);
  });

  it('deletes an own attempt after asking', async () => {
    const user = userEvent.setup();
    const fetchMock = openPage();
    await user.click(await screen.findByRole('button', { name: 'Delete attempt 1' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE /v4/drills/results')).toHaveLength(1));
    expect(callsTo(fetchMock, 'DELETE /v4/drills/results')[0]!.url.searchParams.get('drillresult_id')).toBe('88');
    expect(await screen.findByText('No attempts yet: enter the first one above.')).toBeInTheDocument();
  });

  it('shared to view only: the attempts, who recorded them, and no form or delete', async () => {
    openPage({
      event: buildEvent({ uid: 21, permissions: 0 }),
      results: [
        result({ uid: 21, recorded_by: 21 }),
        result({ drillresult_id: 89, uid: 21, recorded_by: 5, values: { made: 9 }, score: 9 }),
      ],
    });
    expect(await screen.findByText('View only')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('attempt')).toHaveLength(2));
    expect(screen.getAllByTestId('attempt')[1]).toHaveTextContent('Recorded by Kim Lee');
    expect(screen.queryByRole('button', { name: 'Save and next attempt' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(await screen.findByText(/Ben Crenshaw's practice/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Progress over time' })).toHaveAttribute('href', '/drillprogress?drill_id=5&uid=21');
  });

  it('a free player reads the results and is offered a subscription', async () => {
    openPage({ premium: false });
    expect(await screen.findByText('Recording results needs premium')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscriptions');
    expect(await screen.findByTestId('attempt')).toHaveTextContent('Putts made of 10: 7');
    expect(screen.queryByRole('button', { name: 'Save and next attempt' })).not.toBeInTheDocument();
  });

  it('a practice without drills says so and links to the practice to add them', async () => {
    openPage({ event: buildEvent({ eventdrills: [] }) });
    expect(await screen.findByRole('heading', { level: 2, name: 'No drills in this practice' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add drills' })).toHaveAttribute('href', '/event?event_id=12');
  });
});
