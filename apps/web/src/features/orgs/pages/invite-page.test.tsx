import type { Org, OrgInvite } from '@holeout/contracts';
import { SUBSCRIPTION_LEVELS } from '@holeout/golf';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session, type SessionState } from '../../../lib/session/session.ts';
import { buildSettings, buildSubscription, buildUser } from '../../../test/factories.ts';
import { callsTo, createFetchMock, type Routes as ApiRoutes } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import InvitePage from './invite-page.tsx';

function buildInvite(overrides: Partial<OrgInvite> = {}): OrgInvite {
  return {
    invite_id: 3,
    org_id: 12,
    org_name: 'Pine Valley Academy',
    org_logo_url: '/v4/media/9.webp',
    email: 'ann.hogan@example.com',
    role: 'player',
    invited_by: { uid: 2, first_name: 'Carl', last_name: 'Coach' },
    created_at: '2026-11-20T10:00:00',
    expires_at: '2026-12-04T10:00:00',
    status: 'OPEN',
    ...overrides,
  };
}

const JOINED: Org = {
  org_id: 12,
  name: 'Pine Valley Academy',
  media_id: 9,
  logo_url: '/v4/media/9.webp',
  colour: '#1b4d2e',
  sub_id: 40,
  role: 'player',
  is_purchaser: false,
  seat: 'PREMIUM',
};

/** Where the app went, with the message a page was sent. */
function LocationProbe() {
  const location = useLocation();
  const message = (location.state as { message?: string } | null)?.message ?? '';
  return (
    <p data-testid="location">
      {location.pathname + location.search}
      {message && ` | ${message}`}
    </p>
  );
}

function renderInvite(route: string, routes: ApiRoutes = {}, state: Partial<SessionState> | null = {}) {
  const fetchMock = createFetchMock({ 'GET /v4/notifications/count_unread': { json: { count: 0 } }, ...routes });
  vi.stubGlobal('fetch', fetchMock);
  if (state) {
    localStorage.setItem('token', 'tok-1');
    session.store.set({
      ...LOGGED_OUT_STATE,
      status: 'loggedIn',
      user: buildUser(),
      settings: buildSettings(),
      subscriptionLoaded: true,
      ...state,
    });
  }
  renderWithProviders(
    <Routes>
      <Route path="/invite" element={<InvitePage />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route },
  );
  return fetchMock;
}

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

describe('Invitation: signed out', () => {
  it('says what it is and offers log in and sign up, both coming back to this invitation', async () => {
    const fetchMock = renderInvite('/invite?invite_id=3', {}, null);
    expect(screen.getByRole('heading', { level: 1, name: 'Invitation' })).toBeInTheDocument();
    expect(screen.getByText('You have been invited to join an organisation on Holeout.')).toBeInTheDocument();
    const next = encodeURIComponent('/invite?invite_id=3');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?next=${next}`);
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', `/registration?next=${next}`);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('passes on an e-mail the link carries, for the registration form', () => {
    renderInvite('/invite?invite_id=3&email=bea%40example.com', {}, null);
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute(
      'href',
      `/registration?next=${encodeURIComponent('/invite?invite_id=3')}&email=bea%40example.com`,
    );
  });

  it('waits while a stored session is loading, without asking for the invitation', () => {
    const fetchMock = renderInvite('/invite?invite_id=3', {}, { status: 'loading' });
    expect(screen.getByText('Loading the invitation')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(callsTo(fetchMock, 'GET /v4/orgs/invite')).toHaveLength(0);
  });
});

describe('Invitation: signed in', () => {
  it('shows the organisation, who invited, the role and the expiry', async () => {
    const fetchMock = renderInvite('/invite?invite_id=3', { 'GET /v4/orgs/invite': { json: buildInvite() } });
    const card = await screen.findByRole('region', { name: 'Pine Valley Academy' });
    // The logo is decorative: the name beside it says whose it is.
    expect(card.querySelector('img')).toHaveAttribute('src', '/v4/media/9.webp');
    expect(card.querySelector('img')).toHaveAttribute('alt', '');
    expect(card).toHaveTextContent('Invited byCarl Coach');
    expect(card).toHaveTextContent(/RolePlayer\. The organisation's coaches can follow/);
    expect(card).toHaveTextContent('Expires12/4/26 10:00');
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeEnabled();
    expect(callsTo(fetchMock, 'GET /v4/orgs/invite')[0]!.url.searchParams.get('invite_id')).toBe('3');
  });

  it("accepting joins, reloads the session's user, subscription and branding, and opens org-info with a message", async () => {
    const seatSubscription = buildSubscription({ sub_id: 40, level: SUBSCRIPTION_LEVELS.PREMIUM, has_branding: true, purchaser: 2 });
    const fetchMock = renderInvite('/invite?invite_id=3', {
      'GET /v4/orgs/invite': { json: buildInvite() },
      'GET /v4/orgs/invite/accept': { json: JOINED },
      'GET /v4/account': { json: buildUser({ sub_id: 40 }) },
      'GET /v4/account/subscription': { json: seatSubscription },
      'GET /v4/orgs': { json: [JOINED] },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/org-info?org_id=12 | You have joined Pine Valley Academy.');
    expect(callsTo(fetchMock, 'GET /v4/orgs/invite/accept')[0]!.url.searchParams.get('invite_id')).toBe('3');
    const state = session.store.get();
    expect(state.subscription).toEqual(seatSubscription);
    expect(state.user.sub_id).toBe(40);
    expect(state.branding).toMatchObject({ orgId: 12, name: 'Pine Valley Academy' });
  });

  it("an accept refused with 409 shows the API's message and stays", async () => {
    renderInvite('/invite?invite_id=3', {
      'GET /v4/orgs/invite': { json: buildInvite() },
      'GET /v4/orgs/invite/accept': { status: 409, json: { error: 'This invitation has expired', code: 'CONFLICT' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This invitation has expired');
    expect(screen.queryByTestId('location')).toBeNull();
    expect(session.store.get().subscription).toBeNull();
  });

  it('declining asks first; Cancel changes nothing, Decline declines and goes to notifications', async () => {
    const fetchMock = renderInvite('/invite?invite_id=3', {
      'GET /v4/orgs/invite': { json: buildInvite() },
      'GET /v4/orgs/invite/decline': { json: { ok: true } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    let dialog = await screen.findByRole('dialog', { name: 'Decline the invitation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'GET /v4/orgs/invite/decline')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    dialog = await screen.findByRole('dialog', { name: 'Decline the invitation?' });
    expect(dialog).toHaveTextContent('Pine Valley Academy will be told that you declined.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/notifications');
    expect(callsTo(fetchMock, 'GET /v4/orgs/invite/decline')[0]!.url.searchParams.get('invite_id')).toBe('3');
    expect(callsTo(fetchMock, 'GET /v4/orgs/invite/accept')).toHaveLength(0);
  });

  it('a 404 says the invitation is not for this account, and logging out offers log in again', async () => {
    const fetchMock = renderInvite('/invite?invite_id=3', {
      'GET /v4/orgs/invite': { status: 404, json: { error: 'Not found', code: 'NOT_FOUND' } },
      'POST /v4/account/logout': { json: { ok: true } },
    });
    expect(await screen.findByText('This invitation is not for this account')).toBeInTheDocument();
    expect(screen.getByText('ann.hogan@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Log Out' })).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/invite?invite_id=3')}`,
    );
    expect(session.store.get().status).toBe('loggedOut');
    expect(callsTo(fetchMock, 'POST /v4/account/logout')).toHaveLength(1);
  });

  it("a 409 on opening shows the API's message", async () => {
    renderInvite('/invite?invite_id=3', {
      'GET /v4/orgs/invite': { status: 409, json: { error: 'This invitation was already answered', code: 'CONFLICT' } },
    });
    expect(await screen.findByText('This invitation was already answered')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('an invitation no longer open says why and offers no answer', async () => {
    renderInvite('/invite?invite_id=3', { 'GET /v4/orgs/invite': { json: buildInvite({ status: 'EXPIRED', org_logo_url: null }) } });
    expect(await screen.findByText(/This invitation has expired/)).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });

  it('a coach of the organisation sees an invitation sent to someone else without answering it', async () => {
    renderInvite('/invite?invite_id=3', { 'GET /v4/orgs/invite': { json: buildInvite({ email: 'bea@example.com' }) } });
    expect(await screen.findByText('Only bea@example.com can accept or decline this invitation.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });
});

describe('Invitation: without invite_id', () => {
  it("lists the user's open invitations with links to each", async () => {
    const fetchMock = renderInvite('/invite', {
      'GET /v4/orgs/invites': {
        json: { invites: [buildInvite(), buildInvite({ invite_id: 8, org_name: 'Riverside GC', role: 'coach' })] },
      },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Your invitations' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Open invitations' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/invite?invite_id=3', '/invite?invite_id=8']);
    expect(links[1]).toHaveTextContent('Riverside GC');
    expect(links[1]).toHaveTextContent('Coach');
    expect(links[1]).toHaveTextContent('Invited by Carl Coach');
    expect(callsTo(fetchMock, 'GET /v4/orgs/invites')[0]!.url.search).toBe('');
    expect(callsTo(fetchMock, 'GET /v4/orgs/invite')).toHaveLength(0);
  });

  it('says what to do when there are none, and that a broken link is broken', async () => {
    renderInvite('/invite?invite_id=abc', { 'GET /v4/orgs/invites': { json: { invites: [] } } });
    expect(await screen.findByRole('heading', { name: 'No open invitations' })).toBeInTheDocument();
    expect(screen.getByText('This invitation link is incomplete')).toBeInTheDocument();
  });
});
