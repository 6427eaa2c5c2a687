import type { Org, OrgInvite } from '@holeout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { buildSettings, buildSubscription, buildUser } from '../../../test/factories.ts';
import { callsTo, createFetchMock, type Routes } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render.tsx';

const INVITE: OrgInvite = {
  invite_id: 3,
  org_id: 12,
  org_name: 'Pine Valley Academy',
  org_logo_url: null,
  email: 'ann.hogan@example.com',
  role: 'player',
  invited_by: { uid: 2, first_name: 'Carl', last_name: 'Coach' },
  created_at: '2026-11-20T10:00:00',
  expires_at: '2026-12-04T10:00:00',
  status: 'OPEN',
};
const JOINED: Org = {
  org_id: 12,
  name: 'Pine Valley Academy',
  media_id: null,
  logo_url: null,
  colour: null,
  sub_id: null,
  role: 'player',
  is_purchaser: false,
  seat: null,
};

function joinAsPlayer(routes: Routes = {}, role: 'player' | 'coach' = 'player') {
  const joined = { ...JOINED, role };
  const fetchMock = createFetchMock({
    'GET /v4/notifications/count_unread': { json: { count: 0 } },
    'GET /v4/orgs/invite': { json: { ...INVITE, role } },
    'GET /v4/orgs/invite/accept': { json: joined },
    'GET /v4/account': { json: buildUser() },
    'GET /v4/account/subscription': { json: null },
    'GET /v4/account/settings': { json: buildSettings() },
    'GET /v4/orgs': { json: [joined] },
    'GET /v4/orgs/invites': { json: { invites: [] } },
    'GET /v4/orgs/members': { json: { members: [] } },
    'GET /v4/orgs/subscription': { json: null },
    ...routes,
  });
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('token', 'tok-1');
  session.store.set({
    ...LOGGED_OUT_STATE,
    status: 'loggedIn',
    user: buildUser(),
    settings: buildSettings(),
    subscription: buildSubscription(),
    subscriptionLoaded: true,
  });
  return { fetchMock, ...renderApp('/invite?invite_id=3') };
}

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const offer = () => screen.findByRole('region', { name: 'Share your earlier rounds with your coaches?' });

describe('sharing earlier rounds right after joining', () => {
  it('offers it on joining as a player: the choice, one button, and the result', async () => {
    const { fetchMock } = joinAsPlayer({ 'POST /v4/orgs/share-rounds': { json: { shared: 12, kept_private: 1 } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    const card = await offer();
    const range = within(card).getByRole('radiogroup', { name: 'Rounds from' });
    expect(within(range).getByRole('radio', { name: 'Last 90 days' })).toBeChecked();
    expect(
      within(range)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['DAYS_30', 'DAYS_90', 'YEAR', 'ALL']);
    await userEvent.click(within(range).getByRole('radio', { name: 'Last year' }));
    const before = Date.now();
    await userEvent.click(within(card).getByRole('button', { name: 'Share rounds' }));

    expect(await within(card).findByRole('status')).toHaveTextContent(
      "Pine Valley Academy's coaches now see 12 rounds of yours. 1 round you keep private or share by link stays as it is.",
    );
    const [call] = callsTo(fetchMock, 'POST /v4/orgs/share-rounds');
    expect(call!.url.searchParams.get('org_id')).toBe('12');
    const since = Date.parse(String(JSON.parse(String(call!.init.body)).since));
    const yearAgo = before - 365 * 24 * 3600 * 1000;
    expect(Math.abs(since - yearAgo)).toBeLessThan(60_000);

    await userEvent.click(within(card).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('share-rounds-offer')).not.toBeInTheDocument());
  });

  it('"All my rounds" sends since null', async () => {
    const { fetchMock } = joinAsPlayer({ 'POST /v4/orgs/share-rounds': { json: { shared: 3, kept_private: 0 } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    const card = await offer();
    await userEvent.click(within(card).getByRole('radio', { name: 'All my rounds' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Share rounds' }));
    await within(card).findByRole('status');
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/orgs/share-rounds')[0]!.init.body))).toEqual({ since: null });
  });

  it('Not now shares nothing and the offer goes', async () => {
    const { fetchMock } = joinAsPlayer();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    await userEvent.click(within(await offer()).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByTestId('share-rounds-offer')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Organisation' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /v4/orgs/share-rounds')).toHaveLength(0);
  });

  it('a refusal is shown beside the button and the choice stays', async () => {
    joinAsPlayer({ 'POST /v4/orgs/share-rounds': { status: 404, json: { error: 'No such organisation', code: 'NOT_FOUND' } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    const card = await offer();
    await userEvent.click(within(card).getByRole('button', { name: 'Share rounds' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('No such organisation');
    expect(within(card).getByRole('button', { name: 'Share rounds' })).toBeEnabled();
  });

  it('is not offered to someone joining as a coach', async () => {
    joinAsPlayer({}, 'coach');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Organisation' })).toBeInTheDocument();
    expect(screen.queryByTestId('share-rounds-offer')).not.toBeInTheDocument();
  });
});
