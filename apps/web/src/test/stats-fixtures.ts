/**
 * What the statistics page tests share: a signed-in statistics user, the stats endpoints answered
 * from canned bodies, a fake element size so recharts draws in jsdom, the check that nothing
 * inside a chart hidden from assistive technology takes focus, and builders for bodies that
 * several tests use.
 */
import type { EventResponse, Settings, StatEndpoint, User } from '@holeout/contracts';
import { within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect, vi, type MockInstance } from 'vitest';
import type { StatBody } from '../features/stats/api/stats.ts';
import { chooseBenchmark } from '../features/stats/lib/stats-view.ts';
import { LOGGED_OUT_STATE, session } from '../lib/session/session.ts';
import { buildSettings, buildUser } from './factories.ts';
import { createFetchMock, type Routes } from './fetch-mock.ts';
import { renderWithProviders } from './render.tsx';

/** Canned bodies by stats endpoint. */
export type StatBodies = Partial<{ [K in StatEndpoint]: StatBody<K> }>;

/**
 * Signs in the factories' user (uid 7, Scratch benchmark) with these settings (FEET_YARDS by
 * default), optionally with other user fields and rounds selected on Events.
 */
export function signInStatsUser(
  settings: Partial<Settings> = {},
  { user = {}, selectedRounds = [] }: { user?: Partial<User>; selectedRounds?: number[] } = {},
): void {
  localStorage.setItem('token', 'tok-1');
  session.store.set({
    ...LOGGED_OUT_STATE,
    status: 'loggedIn',
    user: buildUser({ benchmark: 'SCRATCH', ...user }),
    settings: buildSettings(settings),
    selectedRounds,
  });
}

/** "GET /v4/stats/<endpoint>" answering each body. */
export function statRoutes(bodies: StatBodies): Routes {
  return Object.fromEntries(Object.entries(bodies).map(([name, body]) => [`GET /v4/stats/${name}`, { json: body }]));
}

/** Puts a fetch mock answering these routes in place of fetch (anything else answers 404). */
export function stubApi(routes: Routes): ReturnType<typeof createFetchMock> {
  const fetchMock = createFetchMock(routes);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** One statistics page on its own: the stats endpoints answer `bodies`, the statistics user is signed in with `settings`. */
export function renderStatsPage(
  ui: ReactElement,
  { bodies, settings = {}, route = '/' }: { bodies: StatBodies; settings?: Partial<Settings>; route?: string },
) {
  stubApi(statRoutes(bodies));
  signInStatsUser(settings);
  return renderWithProviders(ui, { route });
}

/** A drawn chart: recharts' surface, or one of the plain SVG charts (components/charts/svg-charts.tsx). */
export const CHART_SVG = 'svg.recharts-surface, svg[data-chart]';
/** A drawn chart inside a box hidden from assistive technology (ChartFigure's). */
export const HIDDEN_CHART_SVG = '[aria-hidden="true"] svg.recharts-surface, [aria-hidden="true"] svg[data-chart]';

const UNSIZED_CHART_WARNING = 'The width(0) and height(0) of chart';

/** Unsized charts (jsdom lays nothing out) make recharts warn; drop that warning, keep every other. Call in beforeEach. */
export function quietUnsizedChartWarnings(): void {
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith(UNSIZED_CHART_WARNING)) return;
    warn(...args);
  });
}

let chartSize: MockInstance<() => DOMRect> | null = null;

/** jsdom lays nothing out: give every element a phone-sized box (360 × 240) so recharts draws the charts. */
export function installChartSize(): void {
  uninstallChartSize();
  chartSize = vi
    .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
    .mockReturnValue({ x: 0, y: 0, top: 0, left: 0, right: 360, bottom: 240, width: 360, height: 240, toJSON: () => ({}) } as DOMRect);
}

/** Back to jsdom's empty boxes. */
export function uninstallChartSize(): void {
  chartSize?.mockRestore();
  chartSize = null;
}

const FOCUSABLE_IN_HIDDEN = ['[tabindex]', 'a', 'button', 'input', 'select', 'textarea']
  .map((selector) => `[aria-hidden="true"] ${selector}`)
  .join(', ');

/** What could take focus inside the parts of `root` hidden from assistive technology (the chart boxes). */
export function focusableInHiddenCharts(root: HTMLElement): Element[] {
  return [...root.querySelectorAll(FOCUSABLE_IN_HIDDEN)].filter((element) => {
    const tabindex = element.getAttribute('tabindex');
    return tabindex === null || Number(tabindex) >= 0;
  });
}

/** A hidden chart must not take focus: a keyboard user would land on something a screen reader cannot name. */
export function expectNoFocusableInHiddenCharts(root: HTMLElement): void {
  expect(focusableInHiddenCharts(root)).toEqual([]);
}

/** Signs out, puts fetch back and the chart size and benchmark switch as they were. Call in afterEach. */
export function resetStatsTest(): void {
  chooseBenchmark(null);
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
  uninstallChartSize();
}

/** Every row of a table, header row first, as the text of its cells. */
export function tableRows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

type MissCell = 'lo' | 'o' | 'ro' | 'r' | 'rs' | 's' | 'ls' | 'l' | 'made';

/** A miss grid as the engine builds it: the counts, and each cell count / shots × 10 to 2 decimals. */
export function missGrid(counts: Partial<Record<MissCell, number>> & { shots: number }) {
  const full = { lo: 0, o: 0, ro: 0, r: 0, rs: 0, s: 0, ls: 0, l: 0, made: 0, ...counts };
  const perTen = (n: number) => (full.shots > 0 ? Math.round((n / full.shots) * 1000) / 100 : null);
  return {
    lo: perTen(full.lo),
    o: perTen(full.o),
    ro: perTen(full.ro),
    r: perTen(full.r),
    rs: perTen(full.rs),
    s: perTen(full.s),
    ls: perTen(full.ls),
    l: perTen(full.l),
    made: perTen(full.made),
    shots: full.shots,
    counts: full,
  };
}

/** A real (short) round of three holes at Links: the custom-sg preview scores it with the golf engine. */
export const SHORT_ROUND = {
  course: 'Links',
  units: 'FEET_YARDS',
  holes: [
    {
      hole: 1,
      par: 4,
      shots: [
        { from: 'T', dist: 400, to: 'F' },
        { from: 'F', dist: 150, to: 'G' },
        { from: 'G', dist: 20, to: 'G' },
        { from: 'G', dist: 2, to: 'I' },
      ],
    },
    {
      hole: 2,
      par: 3,
      shots: [
        { from: 'T', dist: 160, to: 'G' },
        { from: 'G', dist: 8, to: 'I' },
      ],
    },
    {
      hole: 3,
      par: 5,
      shots: [
        { from: 'T', dist: 520, to: 'R' },
        { from: 'R', dist: 250, to: 'F' },
        { from: 'F', dist: 90, to: 'S' },
        { from: 'S', dist: 12, to: 'G' },
        { from: 'G', dist: 6, to: 'G' },
        { from: 'G', dist: 1, to: 'I' },
      ],
    },
  ],
};

/** The user's round event 12 of 05/2/26, SHORT_ROUND unless overridden, as GET /v4/events lists it. */
export function buildRoundEvent(overrides: Partial<EventResponse> = {}): EventResponse {
  return {
    event_id: 12,
    event_type: 'ROUND',
    uid: 7,
    title: '',
    start: '2026-05-02T08:00:00.000Z',
    end: null,
    notes: '',
    tags: [],
    share: 'SHARE_SELF',
    usershares: [],
    orgshares: [],
    eventdrills: [],
    round: SHORT_ROUND,
    round_summary: { course: 'Links', holes: 3, score: 12, par: 12, to_par: 0 },
    permissions: 3,
    updated_at: '2026-05-02T12:00:00.000Z',
    ...overrides,
  } as unknown as EventResponse;
}
