import type { Org, OrgInvite, OrgMember } from '@holeout/contracts';
import { SUBSCRIPTION_LEVELS } from '@holeout/golf';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session, type SessionState } from '../../../lib/session/session.ts';
import { callsTo, createFetchMock, type Routes } from '../../../test/fetch-mock.ts';
import { buildSettings, buildSubscription, buildUser } from '../../../test/factories.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import OrgInfoPage from './org-info-page.tsx';

function buildOrg(overrides: Partial<Org> = {}): Org {
  return {
    org_id: 2,
    name: 'Pine Valley Academy',
    media_id: 5,
    logo_url: '/v4/media/pva.webp',
    colour: '#1b4d2e',
    sub_id: 40,
    role: 'player',
    is_purchaser: false,
    seat: 'PREMIUM',
    ...overrides,
  };
}

function buildMember(overrides: Partial<OrgMember> = {}): OrgMember {
  return {
    uid: 20,
    first_name: 'Greg',
    last_name: 'Norman',
    email: null,
    role: 'coach',
    seat: 'COACH',
    is_purchaser: true,
    joined_at: '2026-01-02T10:00:00Z',
    ...overrides,
  };
}

const PINE_VALLEY = buildOrg();
const RIVERSIDE = buildOrg({
  org_id: 4,
  name: 'Riverside GC',
  media_id: null,
  logo_url: null,
  colour: null,
  sub_id: 12,
  role: 'coach',
  seat: null,
});

const MEMBERS_BY_ORG: Record<string, OrgMember[]> = {
  // A player is answered the coaches only.
  '2': [buildMember(), buildMember({ uid: 21, first_name: 'Karrie', last_name: 'Webb', is_purchaser: false })],
  // A coach of the org is answered everyone: only the coaches are listed.
  '4': [
    buildMember({ uid: 30, first_name: 'Lee', last_name: 'Trevino', email: 'lee@example.com' }),
    buildMember({ uid: 7, first_name: 'Ann', last_name: 'Hogan', email: 'ann.hogan@example.com', is_purchaser: false, seat: null }),
    buildMember({
      uid: 31,
      first_name: 'Pat',
      last_name: 'Player',
      email: 'pat@example.com',
      role: 'player',
      is_purchaser: false,
      seat: 'PREMIUM',
    }),
  ],
};

function buildInvite(overrides: Partial<OrgInvite> = {}): OrgInvite {
  return {
    invite_id: 51,
    org_id: 6,
    org_name: 'Lakeside Juniors',
    org_logo_url: null,
    email: 'ann.hogan@example.com',
    role: 'player',
    invited_by: { uid: 40, first_name: 'Sam', last_name: 'Snead' },
    created_at: '2026-03-01T12:00:00Z',
    expires_at: '2026-03-15T12:00:00Z',
    status: 'OPEN',
    ...overrides,
  };
}

function signIn(partial: Partial<SessionState> = {}) {
  localStorage.setItem('token', 'tok-1');
  session.store.set({ ...LOGGED_OUT_STATE, status: 'loggedIn', user: buildUser(), subscriptionLoaded: true, ...partial });
}

function api(routes: Routes = {}) {
  const fetchMock = createFetchMock({
    'GET /v4/orgs': { json: [PINE_VALLEY, RIVERSIDE] },
    'GET /v4/orgs/members': ({ url }) => ({ json: { members: MEMBERS_BY_ORG[url.searchParams.get('org_id') ?? ''] ?? [] } }),
    'GET /v4/orgs/invites': { json: { invites: [] } },
    'GET /v4/account/settings': { json: buildSettings() },
    ...routes,
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const orgCard = async (name: string) =>
  (await screen.findAllByTestId('org-card')).find((card) => within(card).queryByRole('heading', { name }))!;

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

describe('Organisation page', () => {
  it('shows each organisation with its logo, my role and seat, and its coaches', async () => {
    const fetchMock = api();
    signIn();
    renderWithProviders(<OrgInfoPage />, { route: '/org-info' });
    expect(screen.getByRole('heading', { level: 1, name: 'Organisation' })).toBeInTheDocument();

    const pine = await orgCard('Pine Valley Academy');
    expect(within(pine).getByRole('img', { name: 'Pine Valley Academy logo' })).toHaveAttribute('src', '/v4/media/pva.webp');
    expect(pine).toHaveTextContent('Your role: Player');
    expect(within(pine).getByTestId('my-seat')).toHaveTextContent(
      "Premium seat: Calendar, Drills and AI Coach are included while the organisation's subscription is active.",
    );
    const pineCoaches = await within(pine).findByRole('list', { name: 'Coaches' });
    await waitFor(() =>
      expect(
        within(pineCoaches)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Greg Norman', 'Karrie Webb']),
    );
    expect(within(pine).getByRole('button', { name: 'Leave' })).toHaveAccessibleDescription('Pine Valley Academy');

    const riverside = await orgCard('Riverside GC');
    expect(riverside).toHaveTextContent('Your role: Coach');
    expect(within(riverside).getByTestId('my-seat')).toHaveTextContent(/^No seat/);
    // No logo: no image for it (the initials stand in, hidden from assistive technology).
    expect(within(riverside).queryByRole('img')).toBeNull();
    const riversideCoaches = await within(riverside).findByRole('list', { name: 'Coaches' });
    await waitFor(() =>
      expect(
        within(riversideCoaches)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Ann Hogan · ann.hogan@example.com', 'Lee Trevino · lee@example.com']),
    );

    expect(
      callsTo(fetchMock, 'GET /v4/orgs/members')
        .map(({ url }) => url.searchParams.get('org_id'))
        .sort(),
    ).toEqual(['2', '4']);
    // Members see no empty state; with no open invitations there is no invitations list either.
    expect(screen.queryByTestId('orgs-empty')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Open invitations' })).toBeNull();
  });

  it('leaves after the confirmation, then reloads the user and the subscription (a coach-level one is cleared)', async () => {
    let orgs = [PINE_VALLEY, RIVERSIDE];
    const fetchMock = api({
      'GET /v4/orgs': () => ({ json: orgs }),
      'GET /v4/orgs/leave': ({ url }) => {
        orgs = orgs.filter((org) => String(org.org_id) !== url.searchParams.get('org_id'));
        return { json: { ok: true } };
      },
      'GET /v4/account': { json: buildUser({ sub_id: null, is_coach: false }) },
      'GET /v4/account/subscription': { json: null },
    });
    signIn({
      user: buildUser({ sub_id: 40 }),
      subscription: buildSubscription({ sub_id: 40, level: SUBSCRIPTION_LEVELS.COACH, has_branding: true, purchaser: 20 }),
      branding: { orgId: 2, name: 'Pine Valley Academy', mediaId: 5, logoUrl: '/v4/media/pva.webp', colour: '#1b4d2e' },
    });
    const user = userEvent.setup();
    renderWithProviders(<OrgInfoPage />, { route: '/org-info' });
    const pine = await orgCard('Pine Valley Academy');

    await user.click(within(pine).getByRole('button', { name: 'Leave' }));
    let dialog = await screen.findByRole('dialog', { name: 'Leave organisation' });
    expect(dialog).toHaveTextContent('Leave Pine Valley Academy? Your coaches will no longer see rounds you shared with the organisation.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'GET /v4/orgs/leave')).toHaveLength(0);

    await user.click(within(pine).getByRole('button', { name: 'Leave' }));
    dialog = await screen.findByRole('dialog', { name: 'Leave organisation' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /v4/orgs/leave')).toHaveLength(1));
    expect(callsTo(fetchMock, 'GET /v4/orgs/leave')[0]!.url.searchParams.get('org_id')).toBe('2');

    await waitFor(() => expect(callsTo(fetchMock, 'GET /v4/account')).toHaveLength(1));
    expect(callsTo(fetchMock, 'GET /v4/account/subscription')).toHaveLength(1);
    await waitFor(() => expect(session.store.get().user.sub_id).toBeNull());
    expect(session.store.get().subscription).toBeNull();
    expect(session.store.get().branding).toBeNull();
    // The list is read again and the organisation left is gone.
    await waitFor(() => expect(screen.getAllByTestId('org-card')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Pine Valley Academy' })).toBeNull();
  });

  it("keeps a player's own premium subscription when the server still has it after leaving", async () => {
    const own = buildSubscription({ sub_id: 77, level: SUBSCRIPTION_LEVELS.PREMIUM, purchaser: 7 });
    api({
      'GET /v4/orgs/leave': { json: { ok: true } },
      'GET /v4/account': { json: buildUser({ sub_id: 77 }) },
      'GET /v4/account/subscription': { json: own },
    });
    signIn({ user: buildUser({ sub_id: 77 }), subscription: own });
    const user = userEvent.setup();
    renderWithProviders(<OrgInfoPage />, { route: '/org-info' });
    await user.click(within(await orgCard('Riverside GC')).getByRole('button', { name: 'Leave' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(session.store.get().user.sub_id).toBe(77));
    expect(session.store.get().subscription).toEqual(own);
  });

  it("shows the purchaser's 409 on the card and stays a member", async () => {
    const fetchMock = api({
      'GET /v4/orgs': { json: [buildOrg({ role: 'coach', is_purchaser: true, seat: 'COACH' })] },
      'GET /v4/orgs/leave': {
        status: 409,
        json: { error: 'You bought this organisation’s subscription: cancel it before leaving.', code: 'CONFLICT' },
      },
    });
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<OrgInfoPage />, { route: '/org-info' });
    const pine = await orgCard('Pine Valley Academy');
    expect(within(pine).getByRole('link', { name: 'Manage Pine Valley Academy' })).toHaveAttribute('href', '/org-management?org_id=2');
    await user.click(within(pine).getByRole('button', { name: 'Leave' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    expect(await within(pine).findByRole('alert')).toHaveTextContent(
      'You bought this organisation’s subscription: cancel it before leaving.',
    );
    expect(callsTo(fetchMock, 'GET /v4/account')).toHaveLength(0);
    expect(screen.getAllByTestId('org-card')).toHaveLength(1);
  });

  it('without an organisation, says how invitations arrive and lists the open ones with links to them', async () => {
    const fetchMock = api({
      'GET /v4/orgs': { json: [] },
      'GET /v4/orgs/invites': {
        json: { invites: [buildInvite(), buildInvite({ invite_id: 52, org_name: 'Hill Academy', role: 'coach' })] },
      },
    });
    signIn();
    renderWithProviders(<OrgInfoPage />, { route: '/org-info' });
    const empty = await screen.findByTestId('orgs-empty');
    expect(within(empty).getByRole('heading', { name: 'You are not in an organisation' })).toBeInTheDocument();
    expect(empty).toHaveTextContent('Invitations arrive by e-mail and in Notifications');
    expect(within(empty).getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications');

    const invites = await screen.findAllByTestId('my-invite');
    expect(invites).toHaveLength(2);
    expect(within(invites[0]!).getByRole('link', { name: 'Lakeside Juniors' })).toHaveAttribute('href', '/invite?invite_id=51');
    expect(invites[0]).toHaveTextContent('As player');
    expect(invites[0]).toHaveTextContent('From Sam Snead · open until 03/15/26');
    expect(within(invites[1]!).getByRole('link', { name: 'Hill Academy' })).toHaveAttribute('href', '/invite?invite_id=52');
    // The caller's own invitations: no org_id.
    expect(callsTo(fetchMock, 'GET /v4/orgs/invites').every(({ url }) => !url.searchParams.has('org_id'))).toBe(true);
  });

  it('says so when there are no open invitations either', async () => {
    api({ 'GET /v4/orgs': { json: [] } });
    signIn();
    renderWithProviders(<OrgInfoPage />, { route: '/org-info' });
    expect(await screen.findByText('You have no open invitations.')).toBeInTheDocument();
  });

  it('lists open invitations beside the organisations of a member too', async () => {
    api({ 'GET /v4/orgs/invites': { json: { invites: [buildInvite()] } } });
    signIn();
    renderWithProviders(<OrgInfoPage />, { route: '/org-info' });
    expect(await screen.findByRole('link', { name: 'Lakeside Juniors' })).toHaveAttribute('href', '/invite?invite_id=51');
    expect(screen.getAllByTestId('org-card')).toHaveLength(2);
  });

  it('says so when the organisations cannot be loaded', async () => {
    api({ 'GET /v4/orgs': { status: 500, json: { error: 'Database unavailable', code: 'INTERNAL_ERROR' } } });
    signIn();
    renderWithProviders(<OrgInfoPage />, { route: '/org-info' });
    expect(await screen.findByText('Your organisations could not be loaded')).toBeInTheDocument();
    expect(screen.queryByTestId('orgs-empty')).toBeNull();
  });
});
