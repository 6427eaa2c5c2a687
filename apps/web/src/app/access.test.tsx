import { SUBSCRIPTION_LEVELS } from '@holeout/golf';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session, type SessionState } from '../lib/session/session.ts';
import { createFetchMock } from '../test/fetch-mock.ts';
import { buildSettings, buildSubscription, buildUser } from '../test/factories.ts';
import { renderApp } from '../test/render.tsx';
import { pageAccess } from './menu-items.ts';
import { paths } from '../lib/paths.ts';
import { ORG_MANAGER_PATHS, PREMIUM_PATHS } from './router.tsx';

function signIn(partial: Partial<SessionState> = {}) {
  localStorage.setItem('token', 'tok-1');
  session.store.set({
    ...LOGGED_OUT_STATE,
    status: 'loggedIn',
    user: buildUser(),
    subscriptionLoaded: true,
    settings: buildSettings(),
    ...partial,
  });
}

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

const coachPurchaser = {
  user: buildUser({ uid: 7, is_coach: true }),
  subscription: buildSubscription({ level: SUBSCRIPTION_LEVELS.TEAM, purchaser: 7 }),
};

describe('pages that need more than an account', () => {
  it('are the calendar, drills, drill results and progress, AI Coach, and Org. Management', () => {
    expect([...PREMIUM_PATHS].sort()).toEqual(
      [paths.calendar, paths.drills, paths.drill, paths.drillresults, paths.drillprogress, paths.aiCoach, paths.aiCoachDiagnosis].sort(),
    );
    expect(ORG_MANAGER_PATHS).toEqual([paths.orgManagement]);
  });

  it('follow the menu rules', () => {
    const player = buildUser();
    expect(pageAccess('premium', { user: player, subscription: null })).toBe(false);
    expect(pageAccess('premium', { user: player, subscription: buildSubscription() })).toBe(true);
    expect(pageAccess('premium', { user: player, subscription: buildSubscription({ status: 'EXPIRED' }) })).toBe(false);
    expect(pageAccess('orgManager', { user: player, subscription: buildSubscription() })).toBe(false);
    expect(pageAccess('orgManager', coachPurchaser)).toBe(true);
    expect(
      pageAccess('orgManager', { ...coachPurchaser, subscription: buildSubscription({ level: SUBSCRIPTION_LEVELS.TEAM, purchaser: 99 }) }),
    ).toBe(false);
  });

  it.each(PREMIUM_PATHS)('%s opened by URL on the free tier says premium is needed and links to Subscribe', async (path) => {
    signIn();
    renderApp(path);
    const notice = await screen.findByTestId('access-needed');
    expect(within(notice).getByText('Premium needed')).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', paths.subscriptions);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('a premium player opens the premium pages: AI Coach and a diagnosis', async () => {
    vi.stubGlobal('fetch', createFetchMock({ 'GET /v4/ai/diagnoses': { json: { diagnoses: [] } } }));
    signIn({ subscription: buildSubscription() });
    const { router } = renderApp(paths.aiCoach);
    expect(await screen.findByRole('heading', { level: 1, name: 'AI Coach' })).toBeInTheDocument();
    expect(await screen.findByTestId('no-diagnosis')).toBeInTheDocument();
    expect(screen.queryByTestId('access-needed')).toBeNull();
    await router.navigate(`${paths.aiCoachDiagnosis}?diagnosis_id=3`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Diagnosis' })).toBeInTheDocument();
    expect(await screen.findByText('No such diagnosis')).toBeInTheDocument();
    expect(screen.queryByTestId('access-needed')).toBeNull();
  });

  it('Org. Management by URL without an organisation subscription of your own says what is needed', async () => {
    signIn({ subscription: buildSubscription() });
    renderApp(paths.orgManagement);
    const notice = await screen.findByTestId('access-needed');
    expect(within(notice).getByText('Organisation plan needed')).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', paths.subscriptions);
  });

  it('Org. Management opens for the coach who bought the organisation subscription', async () => {
    signIn(coachPurchaser);
    renderApp(paths.orgManagement);
    expect(await screen.findByRole('heading', { level: 1, name: 'Org. Management' })).toBeInTheDocument();
    expect(screen.queryByTestId('access-needed')).toBeNull();
  });

  it('waits for the subscription instead of flashing the notice', async () => {
    signIn({ subscriptionLoaded: false });
    renderApp(paths.drills);
    expect(await screen.findByLabelText('Loading')).toBeInTheDocument();
    expect(screen.queryByTestId('access-needed')).toBeNull();
  });
});
