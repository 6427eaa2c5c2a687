import { DEFAULT_CATEGORY_BOUNDARIES } from '@holeout/golf';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppQueryClient } from '../../../lib/query-client.ts';
import { session } from '../../../lib/session/session.ts';
import { callsTo, type Routes } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import {
  buildRoundEvent,
  quietUnsizedChartWarnings,
  resetStatsTest,
  signInStatsUser,
  stubApi,
  tableRows,
} from '../../../test/stats-fixtures.ts';
import { benchmarkChoice, chooseBenchmark } from '../lib/stats-view.ts';

function api(routes: Routes = {}) {
  return stubApi({
    'GET /v4/events': { json: { events: [buildRoundEvent()] } },
    'POST /v4/account/settings': ({ init }) => ({ json: { ...session.store.get().settings, ...JSON.parse(String(init.body)) } }),
    ...routes,
  });
}

const postedBodies = (fetchMock: ReturnType<typeof api>) =>
  callsTo(fetchMock, 'POST /v4/account/settings').map(({ init }) => JSON.parse(String(init.body)));

const previewRows = () => tableRows(within(screen.getByTestId('sg-preview')).getByRole('table')).slice(1);

const targetScore = () => screen.getByRole('textbox', { name: 'Target score' });

beforeEach(quietUnsizedChartWarnings);
afterEach(resetStatsTest);

describe('Strokes gained settings', () => {
  it("shows the schema's messages for bad values and saves nothing", async () => {
    const fetchMock = api();
    signInStatsUser();
    const user = userEvent.setup();
    renderApp('/custom-sg-settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Strokes gained settings' })).toBeInTheDocument();
    await user.type(targetScore(), '40');
    const chip = screen.getByRole('textbox', { name: 'Short game up to (yd)' });
    await user.clear(chip);
    await user.type(chip, '100');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A target score is at least 55')).toBeInTheDocument();
    expect(screen.getByText('Chip distance must be less than the short approach distance')).toBeInTheDocument();
    expect(targetScore()).toHaveAttribute('aria-invalid', 'true');
    expect(targetScore()).toHaveFocus();
    expect(postedBodies(fetchMock)).toEqual([]);
    await user.clear(chip);
    await user.type(chip, '120');
    expect(screen.getByText('At most 100 yd')).toBeInTheDocument();
  });

  it('saves custom_sg, invalidates the statistics and offers them against the target', async () => {
    const fetchMock = api();
    signInStatsUser();
    const queryClient = createAppQueryClient();
    queryClient.setQueryData(['stats', 'sg', { benchmark: 'SCRATCH' }], { limited: false });
    const user = userEvent.setup();
    const { router } = renderApp('/custom-sg-settings', queryClient);
    await user.type(await screen.findByRole('textbox', { name: 'Target score' }), '85');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(postedBodies(fetchMock)).toHaveLength(1));
    expect(postedBodies(fetchMock)[0]).toEqual({ custom_sg: { target: { score: 85 }, boundaries: DEFAULT_CATEGORY_BOUNDARIES } });
    expect(await screen.findByText('Your target is saved')).toBeInTheDocument();
    expect(session.store.get().settings?.custom_sg).toEqual({ target: { score: 85 }, boundaries: DEFAULT_CATEGORY_BOUNDARIES });
    expect(queryClient.getQueryState(['stats', 'sg', { benchmark: 'SCRATCH' }])?.isInvalidated).toBe(true);
    await user.click(screen.getByRole('button', { name: 'See my statistics against my target' }));
    expect(benchmarkChoice.get()).toBe('CUSTOM');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('previews the last rounds against the draft target and distances as the user types', async () => {
    api();
    signInStatsUser();
    const user = userEvent.setup();
    renderApp('/custom-sg-settings');
    expect(await screen.findByText(/Enter a valid target and distances to see how your last rounds read/)).toBeInTheDocument();
    await user.type(targetScore(), '74');
    await waitFor(() => expect(previewRows()).toEqual([['05/2/26', '12 (3 holes)', '+3.23', '+1.32', '+1.35', '+0.92', '-0.36']]));
    await user.clear(targetScore());
    await user.type(targetScore(), '100');
    await waitFor(() => expect(previewRows()[0]![2]).toBe('+32.09'));
    await user.clear(targetScore());
    await user.type(targetScore(), '85');
    await waitFor(() => expect(previewRows()[0]).toEqual(['05/2/26', '12 (3 holes)', '+15.44', '+5.21', '+6.63', '+2.08', '+1.52']));
    // A 10 yd short game makes the bunker shot and the 12 yd chip approaches.
    const chip = screen.getByRole('textbox', { name: 'Short game up to (yd)' });
    await user.clear(chip);
    await user.type(chip, '10');
    await waitFor(() => expect(previewRows()[0]).toEqual(['05/2/26', '12 (3 holes)', '+15.44', '+5.21', '+8.70', '0.00', '+1.52']));
  });

  it('takes a handicap index with course rating and slope, and shows the target it plays to', async () => {
    const fetchMock = api();
    signInStatsUser();
    const user = userEvent.setup();
    renderApp('/custom-sg-settings');
    await screen.findByRole('heading', { level: 1, name: 'Strokes gained settings' });
    await user.click(screen.getByRole('radio', { name: 'Handicap index' }));
    await user.type(screen.getByRole('textbox', { name: 'Handicap index' }), '12');
    await user.type(screen.getByRole('textbox', { name: 'Course rating' }), '72');
    await user.type(screen.getByRole('textbox', { name: 'Slope' }), '130');
    expect(screen.getByTestId('handicap-target')).toHaveTextContent('Your target: 85.8');
    await waitFor(() => expect(previewRows()[0]![2]).toBe('+16.33'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(postedBodies(fetchMock)).toHaveLength(1));
    expect(postedBodies(fetchMock)[0].custom_sg.target).toEqual({ handicap_index: 12, course_rating: 72, slope: 130 });
  });

  it('shows and takes distances in meters, saving yards (a distance left alone keeps its value)', async () => {
    const fetchMock = api();
    signInStatsUser({ units: 'FEET_METERS', custom_sg: { target: { score: 90 }, boundaries: { ...DEFAULT_CATEGORY_BOUNDARIES } } });
    const user = userEvent.setup();
    renderApp('/custom-sg-settings');
    const chip = await screen.findByRole('textbox', { name: 'Short game up to (m)' });
    expect(chip).toHaveValue('45.7');
    expect(screen.getByRole('textbox', { name: 'Short putts under (ft)' })).toHaveValue('6');
    expect(targetScore()).toHaveValue('90');
    await user.clear(chip);
    await user.type(chip, '40');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(postedBodies(fetchMock)).toHaveLength(1));
    // 40 m is 43.74 yd; the approach distances were left as shown, so they stay 100 and 150 yd.
    expect(postedBodies(fetchMock)[0].custom_sg.boundaries).toEqual({ ...DEFAULT_CATEGORY_BOUNDARIES, chipMaxYards: 43.74 });
  });

  it('"Remove my target" posts custom_sg null after confirming', async () => {
    const fetchMock = api();
    signInStatsUser({ custom_sg: { target: { score: 90 }, boundaries: { ...DEFAULT_CATEGORY_BOUNDARIES } } });
    chooseBenchmark('CUSTOM');
    const user = userEvent.setup();
    renderApp('/custom-sg-settings');
    await user.click(await screen.findByRole('button', { name: 'Remove my target' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove my target' });
    expect(postedBodies(fetchMock)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(postedBodies(fetchMock)).toEqual([{ custom_sg: null }]));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove my target' })).not.toBeInTheDocument());
    expect(targetScore()).toHaveValue('');
    expect(benchmarkChoice.get()).toBeNull();
  });

  it('says the preview appears once there are rounds', async () => {
    api({ 'GET /v4/events': { json: { events: [] } } });
    signInStatsUser();
    renderApp('/custom-sg-settings');
    expect(await screen.findByText(/The preview appears here once you have rounds/)).toBeInTheDocument();
  });
});
