import type { Diagnosis, FollowUpResponse } from '@holeout/contracts';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppQueryClient, STATS_QUERY_KEY } from '../../../lib/query-client.ts';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { callsTo, createFetchMock, type Routes } from '../../../test/fetch-mock.ts';
import {
  expectNoFocusableInHiddenCharts,
  installChartSize,
  quietUnsizedChartWarnings,
  tableRows,
  uninstallChartSize,
} from '../../../test/stats-fixtures.ts';
import { nextMonday } from '../lib/diagnosis-view.ts';
import { buildDiagnosis, buildFollowUp, PEOPLE, renderCoachPage, signInCoachUser } from '../test/diagnosis-fixtures.tsx';
import { figureRows } from '../components/findings.tsx';
import DiagnosisPage from './diagnosis-page.tsx';

function openPage({
  route = '/ai-coach/diagnosis?diagnosis_id=11',
  diagnoses = [buildDiagnosis()] as Diagnosis[] | Routes[string],
  followUp = buildFollowUp() as FollowUpResponse | Routes[string],
  plan = {
    json: {
      events: [
        { event_id: 1 },
        { event_id: 2 },
        { event_id: 3 },
        { event_id: 4 },
        { event_id: 5 },
        { event_id: 6 },
        { event_id: 7 },
        { event_id: 8 },
      ],
    },
  } as Routes[string],
  coach = false,
  queryClient = createAppQueryClient(),
}: {
  route?: string;
  diagnoses?: Diagnosis[] | Routes[string];
  followUp?: FollowUpResponse | Routes[string];
  plan?: Routes[string];
  coach?: boolean;
  queryClient?: QueryClient;
} = {}) {
  const fetchMock = createFetchMock({
    'GET /v4/ai/diagnoses': Array.isArray(diagnoses) ? { json: { diagnoses } } : diagnoses,
    'GET /v4/ai/follow-up': 'diagnosis_id' in followUp ? { json: followUp } : followUp,
    'POST /v4/ai/plan': plan,
    'GET /v4/people': { json: { people: PEOPLE } },
  });
  vi.stubGlobal('fetch', fetchMock);
  signInCoachUser({ coach });
  renderCoachPage(<DiagnosisPage />, { path: '/ai-coach/diagnosis', route, queryClient });
  return fetchMock;
}

beforeEach(quietUnsizedChartWarnings);
afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
  uninstallChartSize();
});

describe('Diagnosis', () => {
  it('shows what it found, the evidence as a chart with its table, and the findings beside the target', async () => {
    installChartSize();
    const fetchMock = openPage();
    const summary = await screen.findByTestId('diagnosis-summary');
    expect(screen.getByRole('heading', { level: 1, name: 'Diagnosis' })).toBeInTheDocument();
    expect(within(summary).getByTestId('strokes-to-gain')).toHaveTextContent('1.8 strokes to gain per round against 80 golfer');
    expect(within(summary).queryByRole('link', { name: 'See the diagnosis' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to AI Coach' })).toHaveAttribute('href', '/ai-coach');

    const evidence = screen.getByRole('table', { name: 'Strokes gained per 18 holes by category against 80 golfer' });
    expect(tableRows(evidence)).toEqual([
      ['Category', 'Strokes gained per 18', '± std. error', 'Strokes to gain'],
      ['Lag Putts', '-1.84', '±0.41', '1.84'],
      ['Medium Approach Shots', '-0.52', '±0.38', '0.52'],
      ['Off the Tee', '+0.30', '±0.25', '0.00'],
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Strokes gained by category' })).toBeInTheDocument();

    const findings = screen.getByRole('region', { name: 'Findings' });
    expect(within(findings).getByText(/You three-putt 18% of greens/)).toBeInTheDocument();
    expect(tableRows(within(findings).getByRole('table', { name: "Your figures beside the target's (80 golfer)" }))).toEqual([
      ['Figure', 'You', 'Target', 'Against the target'],
      ['Three-putts from over 30 ft', '18%', '11%', 'Worse'],
      ['Distance left after a lag', '5.3 ft', '4.1 ft', 'Worse'],
      ['Putts (per round)', '31.4', '33', 'At or better'],
    ]);
    expect(callsTo(fetchMock, 'GET /v4/ai/diagnoses')[0]!.url.searchParams.get('uid')).toBe('7');
    await screen.findByRole('table', { name: /^Strokes gained per 18 holes in Lag Putts/ });
    expectNoFocusableInHiddenCharts(document.body);
  });

  it('names a per-round figure once, and a figure without its value or target has no side', () => {
    expect(
      figureRows([
        { label: 'Three-putts per round', value: 2.3, target: 1.8, unit: 'per round', better: 'lower' },
        { label: 'Putts', value: 31, target: 33, unit: 'per round', better: 'lower' },
        { label: 'Greens hit', value: null, target: 50, unit: '%', better: 'higher' },
        { label: 'Up and down', value: 40, target: 38.5, unit: '%', better: 'higher' },
      ]),
    ).toEqual([
      ['Three-putts per round', '2.3', '1.8', 'Worse'],
      ['Putts (per round)', '31', '33', 'At or better'],
      ['Greens hit', '–', '50%', '–'],
      ['Up and down', '40%', '38.5%', 'At or better'],
    ]);
  });

  it("lists the plan's drills with why, linking the library's drills", async () => {
    openPage();
    const plan = await screen.findByRole('region', { name: 'The plan' });
    expect(plan).toHaveTextContent('2 practices a week with these drills.');
    expect(within(plan).getByRole('link', { name: 'Lag circle' })).toHaveAttribute('href', '/drill?drill_id=31');
    expect(within(plan).getByText('Leaves your long putts inside 3 ft.')).toBeInTheDocument();
    // A starter drill is not in the library yet: named, not linked.
    expect(within(plan).queryByRole('link', { name: 'Putting ladder' })).toBeNull();
    expect(within(plan).getByText('Putting ladder')).toBeInTheDocument();
    expect(within(plan).getByText('Starter drill')).toBeInTheDocument();
  });

  it('puts the plan on the calendar from next Monday for the weeks chosen, says so with a link, and refreshes the calendar', async () => {
    const user = userEvent.setup();
    const queryClient = createAppQueryClient();
    queryClient.setQueryData(['events', 'calendar', 'a', 'b'], []);
    queryClient.setQueryData(['drills', 'all'], []);
    queryClient.setQueryData([...STATS_QUERY_KEY, 'sg'], {});
    const fetchMock = openPage({ queryClient });
    const form = await screen.findByRole('form', { name: 'Put the plan on my calendar' });
    const start = within(form).getByLabelText(/First day/);
    expect(start).toHaveValue(nextMonday(new Date()));
    expect(within(form).getByLabelText('How long')).toHaveValue('4');
    expect([...(within(form).getByLabelText('How long') as HTMLSelectElement).options].map((option) => option.value)).toEqual(
      Array.from({ length: 12 }, (_, index) => String(index + 1)),
    );
    await user.clear(start);
    await user.type(start, '2026-04-06');
    await user.selectOptions(within(form).getByLabelText('How long'), '6');
    await user.click(within(form).getByRole('button', { name: 'Put on my calendar' }));

    const done = await screen.findByTestId('plan-scheduled');
    expect(done).toHaveTextContent('8 practices over 6 weeks from 04/6/26');
    expect(within(done).getByRole('link', { name: 'Open the calendar' })).toHaveAttribute('href', '/calendar?view=month&date=2026-04-06');
    const posted = callsTo(fetchMock, 'POST /v4/ai/plan');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.url.searchParams.get('diagnosis_id')).toBe('11');
    expect(JSON.parse(String(posted[0]!.init.body))).toEqual({ start_date: '2026-04-06', weeks: 6 });
    await waitFor(() => expect(queryClient.getQueryState(['events', 'calendar', 'a', 'b'])?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(['drills', 'all'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState([...STATS_QUERY_KEY, 'sg'])?.isInvalidated).toBe(true);
  });

  it('a retry of the same scheduling sends the same Idempotency-Key; a plan scheduled again gets a new one', async () => {
    const user = userEvent.setup();
    let fail = true;
    const fetchMock = openPage({
      plan: () => (fail ? { status: 503, json: { error: 'Service unavailable', code: 'DATABASE_UNAVAILABLE' } } : { json: { events: [] } }),
    });
    const form = await screen.findByRole('form', { name: 'Put the plan on my calendar' });
    const press = () => user.click(within(form).getByRole('button', { name: 'Put on my calendar' }));
    await press();
    expect(await screen.findByRole('alert', { name: 'The plan was not scheduled' })).toHaveTextContent('Service unavailable');
    fail = false;
    await press();
    await screen.findByTestId('plan-scheduled');
    await press();
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/ai/plan')).toHaveLength(3));
    const keys = callsTo(fetchMock, 'POST /v4/ai/plan').map(({ init }) => (init.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{1,100}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('an empty first day is refused beside the field without a call', async () => {
    const user = userEvent.setup();
    const fetchMock = openPage();
    const form = await screen.findByRole('form', { name: 'Put the plan on my calendar' });
    await user.clear(within(form).getByLabelText(/First day/));
    await user.click(within(form).getByRole('button', { name: 'Put on my calendar' }));
    expect(await within(form).findByText('Choose the first day of the plan')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /v4/ai/plan')).toHaveLength(0);
  });

  it("the API's word on the first day shows beside the field; another failure above the button", async () => {
    const user = userEvent.setup();
    let answer = {
      status: 400,
      json: {
        error: 'start_date: Must not be in the past',
        code: 'VALIDATION',
        details: [{ field: 'start_date', message: 'Must not be in the past' }],
      },
    };
    openPage({ plan: () => answer });
    const form = await screen.findByRole('form', { name: 'Put the plan on my calendar' });
    await user.click(within(form).getByRole('button', { name: 'Put on my calendar' }));
    expect(await within(form).findByText('Must not be in the past')).toBeInTheDocument();
    expect(screen.queryByTestId('plan-scheduled')).toBeNull();
    answer = { status: 403, json: { error: 'Premium access is needed', code: 'PREMIUM_REQUIRED', details: [] } };
    await user.click(within(form).getByRole('button', { name: 'Put on my calendar' }));
    const alert = await screen.findByRole('alert', { name: 'The plan was not scheduled' });
    expect(alert).toHaveTextContent('Scheduling a plan needs a premium subscription.');
    expect(within(alert).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscriptions');
  });

  it('follows up: the category per round before and after with its table, the drills, and no verdict before 3 rounds after', async () => {
    openPage();
    const followUp = await screen.findByRole('region', { name: 'Follow-up' });
    const table = await within(followUp).findByRole('table', { name: 'Strokes gained per 18 holes in Lag Putts, oldest first' });
    expect(tableRows(table)).toEqual([
      ['Date', 'Strokes gained per 18', 'Holes', 'When'],
      ['02/20/26', '-2.10', '18', 'Before'],
      ['02/27/26', '-1.50', '9', 'Before'],
      ['03/5/26', '-0.80', '18', 'After'],
    ]);
    expect(within(followUp).getByTestId('follow-up-means')).toHaveTextContent('Average before: -1.80 · after: -0.80 (1 round after)');
    expect(within(followUp).getByText('Trend: needs 2 rounds after the diagnosis.')).toBeInTheDocument();
    const verdict = within(followUp).getByTestId('follow-up-verdict');
    expect(verdict).toHaveTextContent('No verdict yet');
    expect(verdict).toHaveTextContent('3 rounds after the diagnosis give a verdict; 1 so far.');
    expect(tableRows(within(followUp).getByRole('table', { name: "Scored attempts of the plan's drills since the diagnosis" }))).toEqual([
      ['Drill', 'Attempts', 'First', 'Latest'],
      ['Lag circle (higher is better)', '2', '4', '7'],
    ]);
    expect(within(followUp).getByRole('link', { name: 'Progress of Lag circle' })).toHaveAttribute('href', '/drillprogress?drill_id=31');
  });

  it("says when none of the plan's drills has a scored attempt yet", async () => {
    openPage({ followUp: buildFollowUp({ drill_results: [{ drill_id: 31, title: 'Lag circle', higher_is_better: false, results: [] }] }) });
    expect(await screen.findByText("No scored attempts yet: results recorded in the plan's practices show here.")).toBeInTheDocument();
    expect(tableRows(screen.getByRole('table', { name: "Scored attempts of the plan's drills since the diagnosis" })).slice(1)).toEqual([
      ['Lag circle (lower is better)', '0', '–', '–'],
    ]);
  });

  it('gives the verdict and the trend once there are enough rounds after', async () => {
    openPage({
      followUp: buildFollowUp({
        after_rounds: 3,
        trend_per_round: 0.21,
        verdict: 'improving',
        verdict_text: 'Lag putting is up 1.1 strokes a round.',
      }),
    });
    const verdict = await screen.findByTestId('follow-up-verdict');
    expect(verdict).toHaveTextContent('Verdict: Improving');
    expect(verdict).toHaveTextContent('Lag putting is up 1.1 strokes a round.');
    expect(screen.getByText('Trend since the diagnosis: Rising (+0.21 strokes gained per round).')).toBeInTheDocument();
  });

  it('with 3 rounds after but nothing before to compare, says why there is no verdict', async () => {
    openPage({
      followUp: buildFollowUp({
        after_rounds: 3,
        verdict: null,
        verdict_text: 'Fewer than 2 of the rounds the diagnosis was made from remain.',
      }),
    });
    const verdict = await screen.findByTestId('follow-up-verdict');
    expect(verdict).toHaveTextContent('No verdict yet');
    expect(verdict).toHaveTextContent('Fewer than 2 of the rounds the diagnosis was made from remain.');
    expect(verdict).not.toHaveTextContent('so far');
  });

  it('a follow-up with no rounds in the category says what adds one', async () => {
    openPage({ followUp: buildFollowUp({ rounds: [], before_mean: null, after_mean: null, after_rounds: 0, drill_results: [] }) });
    expect(
      await screen.findByText('No rounds with shots in Lag Putts yet. Each round entered shot by shot adds a point here.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('follow-up-verdict')).toHaveTextContent('0 so far');
    expect(screen.queryByRole('table', { name: /plan's drills/ })).toBeNull();
  });

  it("a coach reads a player's diagnosis (uid) and its plan, but puts nothing on their own calendar", async () => {
    const fetchMock = openPage({
      coach: true,
      route: '/ai-coach/diagnosis?diagnosis_id=11&uid=21',
      diagnoses: [buildDiagnosis({ uid: 21 })],
    });
    const plan = await screen.findByRole('region', { name: 'The plan' });
    expect(callsTo(fetchMock, 'GET /v4/ai/diagnoses')[0]!.url.searchParams.get('uid')).toBe('21');
    expect(within(plan).queryByRole('button', { name: 'Put on my calendar' })).toBeNull();
    expect(
      await within(plan).findByText('Ben Crenshaw puts this plan on their calendar from their own AI Coach page.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to AI Coach' })).toHaveAttribute('href', '/ai-coach?uid=21');
    expect(await screen.findByRole('link', { name: 'Progress of Lag circle' })).toHaveAttribute(
      'href',
      '/drillprogress?drill_id=31&uid=21',
    );
  });

  it.each([
    ['no diagnosis_id', '/ai-coach/diagnosis', 'No diagnosis was chosen. Open one from AI Coach.'],
    ['a diagnosis_id that is not a number', '/ai-coach/diagnosis?diagnosis_id=abc', 'No diagnosis was chosen. Open one from AI Coach.'],
    ['a diagnosis not in the list', '/ai-coach/diagnosis?diagnosis_id=99', 'No such diagnosis'],
  ])('%s says so', async (_case, route, text) => {
    openPage({ route });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to AI Coach' })).toHaveAttribute('href', '/ai-coach');
  });

  it('a player not shared with the caller answers as no such diagnosis', async () => {
    openPage({
      coach: true,
      route: '/ai-coach/diagnosis?diagnosis_id=11&uid=21',
      diagnoses: { status: 404, json: { error: 'Not found', code: 'NOT_FOUND' } },
    });
    expect(await screen.findByText('No such diagnosis')).toBeInTheDocument();
  });

  it('403 PREMIUM_REQUIRED shows the premium notice with Subscribe', async () => {
    openPage({ diagnoses: { status: 403, json: { error: 'Premium access is needed', code: 'PREMIUM_REQUIRED' } } });
    const notice = await screen.findByTestId('access-needed');
    expect(within(notice).getByText('Premium needed')).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscriptions');
    expect(screen.queryByRole('region', { name: 'The plan' })).toBeNull();
  });
});
