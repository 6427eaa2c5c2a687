/**
 * What the AI Coach tests share: a diagnosis and a follow-up as the API answers them, a signed-in
 * premium player (or coach-level user) and one page rendered on its route with a given query client.
 */
import type { Diagnosis, DiagnosisEvidence, FollowUpResponse } from '@holeout/contracts';
import { SUBSCRIPTION_LEVELS } from '@holeout/golf';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { createAppQueryClient } from '../../../lib/query-client.ts';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { buildSettings, buildSubscription, buildUser } from '../../../test/factories.ts';
import { renderWithProviders } from '../../../test/render.tsx';

export const EVIDENCE: DiagnosisEvidence[] = [
  { category: 'longPutts', display_name: 'Lag Putts', sg_per_18: -1.84, std_error: 0.41, strokes_to_gain: 1.84 },
  { category: 'midApproach', display_name: 'Medium Approach Shots', sg_per_18: -0.52, std_error: 0.38, strokes_to_gain: 0.52 },
  { category: 'drive', display_name: 'Off the Tee', sg_per_18: 0.3, std_error: 0.25, strokes_to_gain: 0 },
];

export function buildDiagnosis(overrides: Partial<Diagnosis> = {}): Diagnosis {
  return {
    diagnosis_id: 11,
    uid: 7,
    time: '2026-03-09T10:00:00.000Z',
    category: 'longPutts',
    display_name: 'Lag Putts',
    benchmark: 'EIGHTY',
    benchmark_label: '80 golfer',
    rounds: 40,
    holes: 702,
    created_at: '2026-03-02T10:00:00.000Z',
    confidence: 'strong',
    evidence: EVIDENCE,
    findings: ['You three-putt 18% of greens from over 30 ft; an 80 golfer three-putts 11%.'],
    figures: [
      { label: 'Three-putts from over 30 ft', value: 18.04, target: 11, unit: '%', better: 'lower' },
      { label: 'Distance left after a lag', value: 5.26, target: 4.1, unit: 'ft', better: 'lower' },
      { label: 'Putts', value: 31.4, target: 33, unit: 'per round', better: 'lower' },
    ],
    plan: {
      drills: [
        { drill_id: 31, template_key: null, title: 'Lag circle', why: 'Leaves your long putts inside 3 ft.' },
        { drill_id: null, template_key: 'ladder', title: 'Putting ladder', why: 'Trains distance control from 20 to 50 ft.' },
      ],
      practices_per_week: 2,
    },
    narrative: 'Your lag putting costs you nearly two strokes a round against an 80 golfer.',
    narrative_source: 'rules',
    ...overrides,
  };
}

export function buildFollowUp(overrides: Partial<FollowUpResponse> = {}): FollowUpResponse {
  return {
    diagnosis_id: 11,
    category: 'longPutts',
    display_name: 'Lag Putts',
    rounds: [
      { event_id: 1, start: '2026-02-20T12:00:00', holes: 18, sg_per_18: -2.1, after: false },
      { event_id: 2, start: '2026-02-27T12:00:00', holes: 9, sg_per_18: -1.5, after: false },
      { event_id: 3, start: '2026-03-05T12:00:00', holes: 18, sg_per_18: -0.8, after: true },
    ],
    before_mean: -1.8,
    after_mean: -0.8,
    after_rounds: 1,
    trend_per_round: null,
    verdict: null,
    verdict_text: 'Too early to tell.',
    drill_results: [
      {
        drill_id: 31,
        title: 'Lag circle',
        higher_is_better: true,
        results: [
          { time: '2026-03-03T12:00:00', score: 4 },
          { time: '2026-03-04T12:00:00', score: null },
          { time: '2026-03-06T12:00:00', score: 7 },
        ],
      },
    ],
    ...overrides,
  };
}

export const PEOPLE = [
  { uid: 21, first_name: 'Ben', last_name: 'Crenshaw', is_coach: false },
  { uid: 22, first_name: 'Ada', last_name: 'Park', is_coach: false },
  { uid: 30, first_name: 'Cole', last_name: 'Coach', is_coach: true },
];

/** Signs in the factories' user (uid 7): a premium player, or a coach on a TEAM plan with `coach`. */
export function signInCoachUser({ coach = false }: { coach?: boolean } = {}): void {
  localStorage.setItem('token', 'tok-1');
  session.store.set({
    ...LOGGED_OUT_STATE,
    status: 'loggedIn',
    user: buildUser({ is_coach: coach }),
    subscription: coach ? buildSubscription({ level: SUBSCRIPTION_LEVELS.TEAM }) : buildSubscription(),
    subscriptionLoaded: true,
    settings: buildSettings(),
  });
}

/** One AI Coach page on its own route at `route`. */
export function renderCoachPage(
  page: ReactElement,
  { path, route, queryClient = createAppQueryClient() }: { path: string; route: string; queryClient?: QueryClient },
) {
  const view = renderWithProviders(
    <Routes>
      <Route path={path} element={page} />
    </Routes>,
    { route, queryClient },
  );
  return { ...view, queryClient };
}
