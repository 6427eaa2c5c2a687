import type { DiagnoseResponse, Diagnosis } from '@holeout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { callsTo, createFetchMock, type Canned, type Routes } from '../../../test/fetch-mock.ts';
import { quietUnsizedChartWarnings, tableRows } from '../../../test/stats-fixtures.ts';
import { buildDiagnosis, EVIDENCE, PEOPLE, renderCoachPage, signInCoachUser } from '../test/diagnosis-fixtures.tsx';
import AiCoachPage from './ai-coach-page.tsx';

const PREMIUM_REFUSAL: Canned = { status: 403, json: { error: 'Premium access is needed', code: 'PREMIUM_REQUIRED' } };

function openPage({
  route = '/ai-coach',
  diagnoses = [] as Diagnosis[] | Routes[string],
  diagnose = { json: { diagnosis: null, reason: 'NOT_ENOUGH_ROUNDS', rounds: 2, holes: 27 } } as Routes[string],
  coach = false,
} = {}) {
  const fetchMock = createFetchMock({
    'GET /v4/ai/diagnoses': Array.isArray(diagnoses) ? { json: { diagnoses } } : diagnoses,
    'GET /v4/ai/diagnose': diagnose,
    'GET /v4/people': { json: { people: PEOPLE } },
  });
  vi.stubGlobal('fetch', fetchMock);
  signInCoachUser({ coach });
  renderCoachPage(<AiCoachPage />, { path: '/ai-coach', route });
  return fetchMock;
}

beforeEach(quietUnsizedChartWarnings);
afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

describe('AI Coach', () => {
  it('with no diagnosis yet says what one needs, and lists no history', async () => {
    openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'AI Coach' })).toBeInTheDocument();
    const empty = await screen.findByTestId('no-diagnosis');
    expect(within(empty).getByRole('heading', { name: 'No diagnosis yet' })).toBeInTheDocument();
    expect(empty).toHaveTextContent('It needs at least 3 rounds and 54 holes entered shot by shot.');
    expect(screen.queryByRole('heading', { name: 'History' })).toBeNull();
    expect(screen.queryByLabelText('Player')).toBeNull();
  });

  it('shows the latest diagnosis at the top and every diagnosis in the history', async () => {
    const older = buildDiagnosis({
      diagnosis_id: 4,
      category: 'midApproach',
      display_name: 'Medium Approach Shots',
      created_at: '2026-01-10T10:00:00.000Z',
      confidence: 'weak',
    });
    const fetchMock = openPage({ diagnoses: [buildDiagnosis(), older] });
    const latest = await screen.findByTestId('diagnosis-summary');
    expect(within(latest).getByRole('heading', { level: 2, name: 'Latest diagnosis' })).toBeInTheDocument();
    expect(within(latest).getByTestId('diagnosis-category')).toHaveTextContent('Lag Putts');
    expect(within(latest).getByTestId('strokes-to-gain')).toHaveTextContent('1.8 strokes to gain per round against 80 golfer');
    expect(within(latest).getByText('Confidence: Clear')).toBeInTheDocument();
    expect(within(latest).getByText(/From 40 rounds \(702 holes\), 03\/2\/26/)).toBeInTheDocument();
    expect(within(latest).getByTestId('diagnosis-narrative')).toHaveTextContent('Your lag putting costs you nearly two strokes');
    expect(within(latest).getByRole('link', { name: 'See the diagnosis' })).toHaveAttribute('href', '/ai-coach/diagnosis?diagnosis_id=11');

    const history = screen.getAllByTestId('diagnosis-history-item');
    expect(history).toHaveLength(2);
    expect(history[0]).toHaveTextContent('Lag Putts03/2/261.8 strokes to gain per round against 80 golfer');
    // The older diagnosis' category is not the one its evidence ranks first: its own line counts.
    expect(history[1]).toHaveTextContent('Medium Approach Shots01/10/260.5 strokes to gain per round against 80 golfer');
    expect(within(history[1]!).getByRole('link')).toHaveAttribute('href', '/ai-coach/diagnosis?diagnosis_id=4');
    expect(callsTo(fetchMock, 'GET /v4/ai/diagnoses')[0]!.url.searchParams.get('uid')).toBe('7');
  });

  it('Run diagnosis shows that it is working, then says how many rounds are needed and offers Add Round', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = openPage();
    // The answer is held back to see the working state.
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (new URL(String(input), 'http://localhost').pathname === '/v4/ai/diagnose') await held;
      return answer(input, init);
    });
    await screen.findByTestId('no-diagnosis');
    await user.click(screen.getByRole('button', { name: 'Run diagnosis' }));
    expect(await screen.findByText('Looking at your rounds…')).toBeInTheDocument();
    expect(screen.getByTestId('run-diagnosis')).toHaveAttribute('data-loading', 'true');
    release();
    const notice = (await screen.findByText('Not enough rounds yet')).closest('[role="alert"], .mantine-Alert-root') as HTMLElement;
    expect(notice).toHaveTextContent(
      'A diagnosis needs at least 3 rounds and 54 holes with strokes entered shot by shot. You have 2 rounds and 27 holes.',
    );
    expect(within(notice).getByRole('link', { name: 'Add Round' })).toHaveAttribute('href', '/scanner');
    expect(screen.queryByText('Looking at your rounds…')).toBeNull();
    const run = callsTo(fetchMock, 'GET /v4/ai/diagnose');
    expect(run).toHaveLength(1);
    expect(run[0]!.url.searchParams.get('players')).toBe('7');
  });

  it('nothing clearly below the target: says so and shows the evidence table', async () => {
    const user = userEvent.setup();
    const noWeakness: DiagnoseResponse = { diagnosis: null, reason: 'NO_WEAKNESS', rounds: 12, holes: 216, evidence: EVIDENCE };
    openPage({ diagnose: { json: noWeakness } });
    await screen.findByTestId('no-diagnosis');
    await user.click(screen.getByRole('button', { name: 'Run diagnosis' }));
    expect(await screen.findByText('Nothing clearly below the target')).toBeInTheDocument();
    expect(screen.getByText(/No part of your game is clearly below the benchmark over 12 rounds/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Strokes gained per 18 holes by category against your target' });
    expect(tableRows(table)).toEqual([
      ['Category', 'Strokes gained per 18', '± std. error', 'Strokes to gain'],
      ['Lag Putts', '-1.84', '±0.41', '1.84'],
      ['Medium Approach Shots', '-0.52', '±0.38', '0.52'],
      ['Off the Tee', '+0.30', '±0.25', '0.00'],
    ]);
    expect(screen.queryByRole('link', { name: 'Add Round' })).toBeNull();
  });

  it('a new diagnosis refreshes the list and opens from the answer', async () => {
    const user = userEvent.setup();
    const fresh = buildDiagnosis({ diagnosis_id: 12, created_at: new Date().toISOString() });
    let listed: Diagnosis[] = [];
    openPage({
      diagnoses: () => ({ json: { diagnoses: listed } }),
      diagnose: () => {
        listed = [fresh];
        return { json: { diagnosis: fresh } };
      },
    });
    await screen.findByTestId('no-diagnosis');
    await user.click(screen.getByRole('button', { name: 'Run diagnosis' }));
    expect(await screen.findByText('Diagnosis ready: Lag Putts.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the diagnosis' })).toHaveAttribute('href', '/ai-coach/diagnosis?diagnosis_id=12');
    expect(await screen.findByTestId('diagnosis-summary')).toHaveTextContent('Lag Putts');
    expect(screen.queryByTestId('no-diagnosis')).toBeNull();
  });

  it('a diagnosis the API reused says no new rounds came in since', async () => {
    const user = userEvent.setup();
    const kept = buildDiagnosis({ created_at: '2026-03-02T10:00:00.000Z' });
    openPage({ diagnoses: [kept], diagnose: { json: { diagnosis: kept } } });
    await screen.findByTestId('diagnosis-summary');
    await user.click(screen.getByRole('button', { name: 'Run diagnosis' }));
    expect(await screen.findByText('No new rounds since 03/2/26: that diagnosis still stands (Lag Putts).')).toBeInTheDocument();
  });

  it('403 PREMIUM_REQUIRED on the list shows the premium notice with Subscribe instead of the page', async () => {
    openPage({ diagnoses: PREMIUM_REFUSAL });
    const notice = await screen.findByTestId('access-needed');
    expect(within(notice).getByText('Premium needed')).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscriptions');
    expect(screen.queryByRole('button', { name: 'Run diagnosis' })).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('403 PREMIUM_REQUIRED on a run shows the premium notice beside the button', async () => {
    const user = userEvent.setup();
    openPage({ diagnose: PREMIUM_REFUSAL });
    await screen.findByTestId('no-diagnosis');
    await user.click(screen.getByRole('button', { name: 'Run diagnosis' }));
    const notice = await screen.findByTestId('access-needed');
    expect(within(notice).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscriptions');
  });

  it('another failure of a run says so beside the button', async () => {
    const user = userEvent.setup();
    openPage({ diagnose: { status: 500, json: { error: 'Something broke', code: 'INTERNAL' } } });
    await screen.findByTestId('no-diagnosis');
    await user.click(screen.getByRole('button', { name: 'Run diagnosis' }));
    expect(await screen.findByText('The diagnosis did not run')).toBeInTheDocument();
    expect(screen.getByText('Something broke')).toBeInTheDocument();
  });

  it('a coach-level user picks one of their players (not coaches) and diagnoses them', async () => {
    const user = userEvent.setup();
    const fetchMock = openPage({ coach: true });
    const picker = await screen.findByLabelText('Player');
    await waitFor(() =>
      expect([...(picker as HTMLSelectElement).options].map((option) => option.text)).toEqual(['You', 'Ada Park', 'Ben Crenshaw']),
    );
    await user.selectOptions(picker, 'Ben Crenshaw');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /v4/ai/diagnoses').some(({ url }) => url.searchParams.get('uid') === '21')).toBe(true),
    );
    expect(await screen.findByText(/find the part of Ben Crenshaw’s game/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run diagnosis' }));
    expect(await screen.findByText(/Ben Crenshaw has shared 2 rounds and 27 holes with you\./)).toBeInTheDocument();
    // Rounds are the player's to add: no Add Round for a coach.
    expect(screen.queryByRole('link', { name: 'Add Round' })).toBeNull();
    expect(callsTo(fetchMock, 'GET /v4/ai/diagnose').at(-1)!.url.searchParams.get('players')).toBe('21');
  });

  it("a coach's player opened by address is diagnosed, and the diagnosis links keep the player", async () => {
    const fetchMock = openPage({ coach: true, route: '/ai-coach?uid=22', diagnoses: [buildDiagnosis({ uid: 22 })] });
    const latest = await screen.findByTestId('diagnosis-summary');
    expect(within(latest).getByRole('link', { name: 'See the diagnosis' })).toHaveAttribute(
      'href',
      '/ai-coach/diagnosis?diagnosis_id=11&uid=22',
    );
    expect(callsTo(fetchMock, 'GET /v4/ai/diagnoses')[0]!.url.searchParams.get('uid')).toBe('22');
    await waitFor(() => expect(screen.getByLabelText('Player')).toHaveValue('22'));
  });

  it('a player who is not coach-level always sees their own game, whatever the address says', async () => {
    const fetchMock = openPage({ route: '/ai-coach?uid=21' });
    await screen.findByTestId('no-diagnosis');
    expect(callsTo(fetchMock, 'GET /v4/ai/diagnoses').map(({ url }) => url.searchParams.get('uid'))).toEqual(['7']);
    expect(screen.queryByLabelText('Player')).toBeNull();
  });

  it('a player not shared with the coach: the list says so', async () => {
    openPage({ coach: true, route: '/ai-coach?uid=21', diagnoses: { status: 404, json: { error: 'Not found', code: 'NOT_FOUND' } } });
    expect(await screen.findByText('The diagnoses could not be loaded')).toBeInTheDocument();
    expect(
      await screen.findByText('Ben Crenshaw does not share rounds with you, or is no longer in your organisations.'),
    ).toBeInTheDocument();
  });
});
