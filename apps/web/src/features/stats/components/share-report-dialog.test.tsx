import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUBSCRIPTION_LEVELS, type SubscriptionLevel } from '@holeout/golf';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session/session.ts';
import { buildSubscription } from '../../../test/factories.ts';
import { callsTo, type Routes } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { resetStatsTest, signInStatsUser, stubApi } from '../../../test/stats-fixtures.ts';
import { ShareReportButton } from './share-report-button.tsx';

// Seven rounds of the user (uid 7), one a month, and one of another player in a selection.
const SCORES = Array.from({ length: 7 }, (_, i) => ({
  event_id: 101 + i,
  uid: 7,
  start: `2026-0${i + 1}-10T08:00:00.000Z`,
  holes: 18,
  score: 80 + i,
  par: 72,
}));

const PDF = '%PDF-1.7 test report';

function api(routes: Routes = {}) {
  return stubApi({
    'GET /v4/stats/scores': { json: { limited: false, scores: SCORES } },
    'GET /v4/people': {
      json: {
        people: [
          { uid: 12, first_name: 'Bea', last_name: 'Stroke', is_coach: false },
          { uid: 13, first_name: 'Cal', last_name: 'Putt', is_coach: false },
        ],
      },
    },
    'GET /v4/reports/stats': { text: PDF },
    'POST /v4/reports/stats': ({ init }) => {
      const body = JSON.parse(String(init.body)) as { to_email?: string };
      return { status: 202, json: { queued: true, to_email: body.to_email ?? 'ann.hogan@example.com' } };
    },
    ...routes,
  });
}

function withLevel(level: SubscriptionLevel | null) {
  session.store.set({
    ...session.store.get(),
    subscription: level === null ? null : buildSubscription({ level }),
    subscriptionLoaded: true,
  });
}

let saved: { href: string; download: string }[] = [];

beforeEach(() => {
  localStorage.clear();
  saved = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report-1'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});

afterEach(() => {
  resetStatsTest();
  vi.restoreAllMocks();
  localStorage.clear();
});

async function openDialog(route = '/home', team?: number[]) {
  const user = userEvent.setup();
  renderWithProviders(<ShareReportButton team={team} />, { route });
  await user.click(screen.getByRole('button', { name: 'Share report' }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog };
}

describe('Share report', () => {
  it('downloads the PDF of the rounds the quick range counts, against the chosen benchmark, and remembers both choices', async () => {
    const fetchMock = api();
    signInStatsUser();
    withLevel(SUBSCRIPTION_LEVELS.BASIC);
    const { user, dialog } = await openDialog('/home?range=last5');
    expect(within(dialog).getByRole('radio', { name: 'Download (PDF)' })).toBeChecked();
    expect(await within(dialog).findByText('The 5 rounds this page counts.')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Benchmark' }), 'TOUR');
    await user.click(within(dialog).getByRole('button', { name: 'Download report' }));

    expect(await within(dialog).findByText('Report downloaded')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'GET /v4/reports/stats');
    expect(call!.url.searchParams.get('players')).toBe('7');
    expect(call!.url.searchParams.get('rounds')).toBe('103,104,105,106,107');
    expect(call!.url.searchParams.get('benchmark')).toBe('TOUR');
    expect(call!.url.searchParams.get('locale')).toBe(navigator.language);
    expect(new Headers(call!.init.headers).get('Authorization')).toBe('Bearer tok-1');
    expect(saved).toEqual([{ href: 'blob:report-1', download: expect.stringMatching(/^holeout-report-\d{4}-\d{2}-\d{2}\.pdf$/) }]);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(await blob.text()).toBe(PDF);
    expect(localStorage.getItem('savedReportDelivery')).toBe('download');
    expect(localStorage.getItem('savedReportBenchmark')).toBe('TOUR');
  });

  it('starts from the way it was sent last time and mails it to the user, saying where it goes', async () => {
    localStorage.setItem('savedReportDelivery', 'email');
    const fetchMock = api();
    signInStatsUser();
    withLevel(SUBSCRIPTION_LEVELS.PREMIUM);
    const { user, dialog } = await openDialog('/home');
    expect(within(dialog).getByRole('radio', { name: 'E-mail it' })).toBeChecked();
    expect(await within(dialog).findByText('All your rounds.')).toBeInTheDocument();
    // The user's own pages: no choice of whom to send it to.
    expect(within(dialog).queryByRole('radiogroup', { name: 'Send to' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByText(/will be sent to ann\.hogan@example\.com/)).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST /v4/reports/stats');
    expect(JSON.parse(String(call!.init.body))).toEqual({ players: [7], benchmark: 'SCRATCH', locale: navigator.language });
    expect(callsTo(fetchMock, 'GET /v4/reports/stats')).toHaveLength(0);
  });

  it("lets a coach on a player's page send it to the player, at the address their organisation lists", async () => {
    localStorage.setItem('savedReportDelivery', 'email');
    const fetchMock = api({
      'GET /v4/orgs': { json: [{ org_id: 5, name: 'Academy', role: 'coach' }] },
      'GET /v4/orgs/members': {
        json: { members: [{ uid: 12, first_name: 'Bea', last_name: 'Stroke', email: 'bea@example.com', role: 'player' }] },
      },
    });
    signInStatsUser({}, { user: { is_coach: true }, selectedRounds: [101] });
    withLevel(SUBSCRIPTION_LEVELS.COACH);
    const { user, dialog } = await openDialog('/home?uid=12');
    expect(screen.getByRole('dialog', { name: 'Share report: Bea Stroke' })).toBeInTheDocument();
    // The coach's own Events selection does not narrow a player's report.
    expect(await within(dialog).findByText('Every round the player shares with you.')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Me' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'The player' }));
    expect(await within(dialog).findByRole('radio', { name: 'The player (bea@example.com)' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByText(/will be sent to bea@example\.com/)).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST /v4/reports/stats');
    expect(JSON.parse(String(call!.init.body))).toMatchObject({ players: [12], to_email: 'bea@example.com' });
    expect(JSON.parse(String(call!.init.body))).not.toHaveProperty('rounds');
  });

  it("sends a friend's report (not a coach's) only to the user: no choice of the player's address", async () => {
    localStorage.setItem('savedReportDelivery', 'email');
    const fetchMock = api({ 'GET /v4/orgs': { json: [] } });
    signInStatsUser({}, { user: { is_coach: false } });
    withLevel(SUBSCRIPTION_LEVELS.PREMIUM);
    const { user, dialog } = await openDialog('/home?uid=12');
    expect(await within(dialog).findByText('Every round the player shares with you.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: /The player/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await within(dialog).findByText(/will be sent to/);
    const [call] = callsTo(fetchMock, 'POST /v4/reports/stats');
    expect(JSON.parse(String(call!.init.body))).not.toHaveProperty('to_email');
  });

  it('asks the coach for the address when no organisation lists the player, and sends nothing without it', async () => {
    localStorage.setItem('savedReportDelivery', 'email');
    const fetchMock = api({ 'GET /v4/orgs': { json: [] } });
    signInStatsUser({}, { user: { is_coach: true } });
    withLevel(SUBSCRIPTION_LEVELS.COACH);
    const { user, dialog } = await openDialog('/player-scoring?uid=12');
    await user.click(within(dialog).getByRole('radio', { name: 'The player' }));
    const address = await within(dialog).findByRole('textbox', { name: "The player's e-mail address" });
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeDisabled();
    await user.type(address, 'bea@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/reports/stats')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/reports/stats')[0]!.init.body))).toMatchObject({ to_email: 'bea@example.com' });
  });

  it('asks a coach on a team view which player the report is about', async () => {
    const fetchMock = api();
    signInStatsUser({}, { user: { is_coach: true } });
    withLevel(SUBSCRIPTION_LEVELS.COACH);
    const { user, dialog } = await openDialog('/team-scoring', [12, 13]);
    const player = within(dialog).getByRole('combobox', { name: 'Player' });
    await waitFor(() =>
      expect(
        within(player)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Bea Stroke', 'Cal Putt']),
    );
    await user.selectOptions(player, '13');
    await user.click(within(dialog).getByRole('button', { name: 'Download report' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /v4/reports/stats')).toHaveLength(1));
    const [call] = callsTo(fetchMock, 'GET /v4/reports/stats');
    expect(call!.url.searchParams.get('players')).toBe('13');
    expect(call!.url.searchParams.has('rounds')).toBe(false);
  });

  it('tells a free user that reports come with Basic, with the way to the plans, and calls nothing', async () => {
    const fetchMock = api();
    signInStatsUser();
    withLevel(null);
    const { dialog } = await openDialog('/home');
    expect(within(dialog).getByText('Reports come with Basic')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/subscriptions');
    expect(within(dialog).queryByRole('button', { name: 'Download report' })).toBeNull();
    expect(callsTo(fetchMock, 'GET /v4/reports/stats')).toHaveLength(0);
  });

  it("shows the API's BASIC_REQUIRED the same way", async () => {
    api({ 'GET /v4/reports/stats': { status: 403, json: { error: 'Reports need Basic', code: 'BASIC_REQUIRED' } } });
    signInStatsUser();
    withLevel(SUBSCRIPTION_LEVELS.BASIC);
    const { user, dialog } = await openDialog('/home');
    await within(dialog).findByText('All your rounds.');
    await user.click(within(dialog).getByRole('button', { name: 'Download report' }));
    expect(await within(dialog).findByText('Reports come with Basic')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
