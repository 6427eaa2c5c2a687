import type { Org, OrgInvite, OrgMember, OrgSubscription } from '@holeout/contracts';
import { SUBSCRIPTION_LEVELS } from '@holeout/golf';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { callsTo, createFetchMock, type Routes } from '../../../test/fetch-mock.ts';
import { buildSettings, buildSubscription, buildUser } from '../../../test/factories.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import OrgManagementPage from './org-management-page.tsx';

function buildOrg(overrides: Partial<Org> = {}): Org {
  return {
    org_id: 3,
    name: 'Pine Valley Academy',
    media_id: null,
    logo_url: null,
    colour: null,
    sub_id: 40,
    role: 'coach',
    is_purchaser: true,
    seat: 'COACH',
    ...overrides,
  };
}

function buildMember(overrides: Partial<OrgMember> = {}): OrgMember {
  return {
    uid: 7,
    first_name: 'Ann',
    last_name: 'Hogan',
    email: 'ann.hogan@example.com',
    role: 'coach',
    seat: 'COACH',
    is_purchaser: true,
    joined_at: '2026-01-02T10:00:00Z',
    ...overrides,
  };
}

const MEMBERS: OrgMember[] = [
  buildMember(),
  buildMember({
    uid: 9,
    first_name: 'Cara',
    last_name: 'Pine',
    email: 'cara@example.com',
    role: 'player',
    seat: 'PREMIUM',
    is_purchaser: false,
  }),
  buildMember({
    uid: 8,
    first_name: 'Ben',
    last_name: 'Crenshaw',
    email: 'ben@example.com',
    role: 'coach',
    seat: null,
    is_purchaser: false,
  }),
];

const SUBSCRIPTION: OrgSubscription = {
  sub_id: 40,
  level: SUBSCRIPTION_LEVELS.TEAM,
  has_branding: true,
  status: 'ACTIVE',
  purchaser: 7,
  source: 'STRIPE',
  plan_index: null,
  expires_at: '2027-01-15T12:00:00Z',
  renews: true,
  seats: { num_coach: 2, num_premium: 10, used_coach: 1, used_premium: 3 },
};

function buildInvite(overrides: Partial<OrgInvite> = {}): OrgInvite {
  return {
    invite_id: 51,
    org_id: 3,
    org_name: 'Pine Valley Academy',
    org_logo_url: null,
    email: 'dan@example.com',
    role: 'player',
    invited_by: { uid: 7, first_name: 'Ann', last_name: 'Hogan' },
    created_at: '2026-03-01T12:00:00Z',
    expires_at: '2026-03-15T12:00:00Z',
    status: 'OPEN',
    ...overrides,
  };
}

function signInPurchaser() {
  localStorage.setItem('token', 'tok-1');
  session.store.set({
    ...LOGGED_OUT_STATE,
    status: 'loggedIn',
    user: buildUser({ is_coach: true }),
    subscription: buildSubscription({ level: SUBSCRIPTION_LEVELS.TEAM, has_branding: true, sub_id: 40, purchaser: 7 }),
    subscriptionLoaded: true,
  });
}

function api(routes: Routes = {}) {
  const fetchMock = createFetchMock({
    'GET /v4/orgs': { json: [buildOrg(), buildOrg({ org_id: 4, name: 'Other Club', is_purchaser: false, role: 'player', sub_id: 12 })] },
    'GET /v4/orgs/subscription': { json: SUBSCRIPTION },
    'GET /v4/orgs/members': { json: { members: MEMBERS } },
    'GET /v4/orgs/invites': { json: { invites: [buildInvite()] } },
    ...routes,
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage(route = '/org-management') {
  signInPurchaser();
  return renderWithProviders(<OrgManagementPage />, { route });
}

const memberCard = async (name: string) => (await screen.findAllByTestId('member-card')).find((card) => card.textContent?.includes(name))!;

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

describe('Org. Management', () => {
  it('shows the organisation the caller bought: details, seats, members and open invitations, all for its org_id', async () => {
    const fetchMock = api();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Org. Management' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Pine Valley Academy');
    // One organisation bought: no select; the one the caller only belongs to is not offered.
    expect(screen.queryByRole('combobox', { name: 'Organisation' })).toBeNull();
    expect(await screen.findByTestId('coach-seats')).toHaveTextContent('Coach seats 1 of 2 used');
    expect(screen.getByTestId('premium-seats')).toHaveTextContent('Premium seats 3 of 10 used');
    expect(screen.getByTestId('org-plan')).toHaveTextContent('Team plan with branding · Active · until 01/15/27');

    const cards = await screen.findAllByTestId('member-card');
    // Coaches first, then players; each by name.
    expect(cards.map((card) => within(card).getAllByText(/\w+ \w+/)[0]!.textContent)).toEqual(['Ben Crenshaw', 'Ann Hogan', 'Cara Pine']);
    const ann = await memberCard('Ann Hogan');
    expect(ann).toHaveTextContent('Purchaser');
    expect(within(ann).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(within(ann).getByRole('radio', { name: 'Coach' })).toBeChecked();
    const cara = await memberCard('Cara Pine');
    expect(within(cara).getByRole('radiogroup', { name: 'Seat for Cara Pine' })).toBeInTheDocument();
    expect(within(cara).getByRole('radio', { name: 'Premium' })).toBeChecked();
    // A coach seat is for coaches only.
    expect(within(cara).queryByRole('radio', { name: 'Coach' })).toBeNull();
    expect(within(cara).getByText('Player')).toBeInTheDocument();

    const invite = await screen.findByTestId('invite-card');
    expect(invite).toHaveTextContent('dan@example.com');
    expect(invite).toHaveTextContent('Invited by Ann Hogan on 03/1/26 · open until 03/15/26');

    for (const key of ['GET /v4/orgs/subscription', 'GET /v4/orgs/members', 'GET /v4/orgs/invites']) {
      expect(callsTo(fetchMock, key).map(({ url }) => url.searchParams.get('org_id'))).toEqual(['3']);
    }
  });

  it('offers a select when the caller bought several, and follows ?org_id=', async () => {
    const fetchMock = api({
      'GET /v4/orgs': { json: [buildOrg(), buildOrg({ org_id: 5, name: 'River Juniors', sub_id: 41 })] },
    });
    const user = userEvent.setup();
    renderPage('/org-management?org_id=5');
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('River Juniors');
    const select = screen.getByRole('combobox', { name: 'Organisation' });
    expect(select).toHaveValue('River Juniors');
    await waitFor(() => expect(callsTo(fetchMock, 'GET /v4/orgs/members').map(({ url }) => url.searchParams.get('org_id'))).toEqual(['5']));

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Pine Valley Academy', hidden: true }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Pine Valley Academy'));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET /v4/orgs/members').map(({ url }) => url.searchParams.get('org_id'))).toEqual(['5', '3']),
    );
  });

  it('saves the name and colour with POST /orgs?org_id=, and the menu brand follows', async () => {
    const saved = buildOrg({ name: 'Pine Valley GA', colour: '#1b4d2e' });
    const fetchMock = api({ 'POST /v4/orgs': { json: saved } });
    const user = userEvent.setup();
    renderPage();
    session.store.set((state) => ({
      ...state,
      branding: { orgId: 3, name: 'Pine Valley Academy', mediaId: null, logoUrl: null, colour: null },
    }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Pine Valley GA');
    await user.type(screen.getByRole('textbox', { name: /Theme colour/ }), '#1B4D2E');
    // The preview takes the colour with the text colour the menu will use.
    expect(screen.getByTestId('header-preview').style.backgroundColor).toBe('rgb(27, 77, 46)');
    expect(screen.getByTestId('header-preview').style.color).toBe('rgb(255, 255, 255)');
    expect(screen.getByLabelText('Pick the theme colour')).toHaveValue('#1b4d2e');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/orgs')).toHaveLength(1));
    const call = callsTo(fetchMock, 'POST /v4/orgs')[0]!;
    expect(call.url.searchParams.get('org_id')).toBe('3');
    expect(JSON.parse(String(call.init.body))).toEqual({ name: 'Pine Valley GA', media_id: null, colour: '#1b4d2e' });
    await waitFor(() =>
      expect(session.store.get().branding).toEqual({ orgId: 3, name: 'Pine Valley GA', mediaId: null, logoUrl: null, colour: '#1b4d2e' }),
    );
    // The organisations are read again after the change.
    await waitFor(() => expect(callsTo(fetchMock, 'GET /v4/orgs')).toHaveLength(2));
  });

  it('refuses a colour that is not #rrggbb and an empty name without calling the API', async () => {
    const fetchMock = api({ 'POST /v4/orgs': { json: buildOrg() } });
    const user = userEvent.setup();
    renderPage();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(screen.getByRole('textbox', { name: /Theme colour/ }), '#12345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A colour is #rrggbb')).toBeInTheDocument();
    expect(screen.getByText('An organisation needs a name')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /v4/orgs')).toHaveLength(0);
  });

  it('shows why the save was refused', async () => {
    api({ 'POST /v4/orgs': { status: 403, json: { error: 'Only a coach of the organisation can change it.', code: 'FORBIDDEN' } } });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('textbox', { name: 'Name' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only a coach of the organisation can change it.');
  });

  it('checks the logo file before uploading, uploads it as multipart field `file`, previews it and saves its media_id', async () => {
    const fetchMock = api({
      'POST /v4/media': { json: { media_id: 77, url: '/v4/media/abc.webp' } },
      'POST /v4/orgs': ({ init }) => ({
        json: buildOrg({ media_id: 77, logo_url: '/v4/media/abc.webp', ...(JSON.parse(String(init.body)) as object) }),
      }),
    });
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    await screen.findByRole('textbox', { name: 'Name' });
    const input = screen.getByTestId('logo-input');

    await user.upload(input, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Choose a PNG, JPEG or WebP image.')).toBeInTheDocument();
    await user.upload(input, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('The image must be at most 2 MB.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /v4/media')).toHaveLength(0);

    await user.upload(input, new File(['png-bytes'], 'crest.png', { type: 'image/png' }));
    expect(await screen.findByTestId('logo-preview')).toHaveAttribute('src', '/v4/media/abc.webp');
    const upload = callsTo(fetchMock, 'POST /v4/media')[0]!;
    expect(upload.init.body).toBeInstanceOf(FormData);
    const sent = (upload.init.body as FormData).get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('crest.png');
    expect((upload.init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
    expect(screen.queryByText('The image must be at most 2 MB.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/orgs')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/orgs')[0]!.init.body))).toEqual({
      name: 'Pine Valley Academy',
      media_id: 77,
      colour: null,
    });

    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(screen.queryByTestId('logo-preview')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/orgs')).toHaveLength(2));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/orgs')[1]!.init.body))).toMatchObject({ media_id: null });
  });

  it('shows the API reason when the upload is refused', async () => {
    api({
      'POST /v4/media': { status: 415, json: { error: 'That file is not a PNG, JPEG or WebP image.', code: 'UNSUPPORTED_MEDIA_TYPE' } },
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('textbox', { name: 'Name' });
    await user.upload(screen.getByTestId('logo-input'), new File(['not really'], 'fake.png', { type: 'image/png' }));
    expect(await screen.findByText('That file is not a PNG, JPEG or WebP image.')).toBeInTheDocument();
    expect(screen.queryByTestId('logo-preview')).toBeNull();
  });

  it('gives a seat with POST /orgs/seat and reads the seats again', async () => {
    let members = MEMBERS;
    const fetchMock = api({
      'GET /v4/orgs/members': () => ({ json: { members } }),
      'POST /v4/orgs/seat': ({ init }) => {
        const body = JSON.parse(String(init.body)) as { uid: number; seat: OrgMember['seat'] };
        members = members.map((member) => (member.uid === body.uid ? { ...member, seat: body.seat } : member));
        return { json: members.find((member) => member.uid === body.uid) };
      },
    });
    const user = userEvent.setup();
    renderPage();
    const ben = await memberCard('Ben Crenshaw');
    expect(within(ben).getByRole('radio', { name: 'None' })).toBeChecked();
    await user.click(within(ben).getByRole('radio', { name: 'Coach' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/orgs/seat')).toHaveLength(1));
    const call = callsTo(fetchMock, 'POST /v4/orgs/seat')[0]!;
    expect(call.url.searchParams.get('org_id')).toBe('3');
    expect(JSON.parse(String(call.init.body))).toEqual({ uid: 8, seat: 'COACH' });
    await waitFor(() => expect(within(ben).getByRole('radio', { name: 'Coach' })).toBeChecked());
    await waitFor(() => expect(callsTo(fetchMock, 'GET /v4/orgs/subscription')).toHaveLength(2));
    expect(callsTo(fetchMock, 'GET /v4/orgs/members').length).toBeGreaterThanOrEqual(2);

    // Back to no seat sends null.
    await user.click(within(ben).getByRole('radio', { name: 'None' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/orgs/seat')).toHaveLength(2));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/orgs/seat')[1]!.init.body))).toEqual({ uid: 8, seat: null });
  });

  it("reads the caller's own access again after changing their own seat", async () => {
    const fetchMock = api({
      'POST /v4/orgs/seat': { json: buildMember({ seat: 'PREMIUM' }) },
      'GET /v4/account': { json: buildUser({ is_coach: true }) },
      'GET /v4/account/subscription': {
        json: buildSubscription({ level: SUBSCRIPTION_LEVELS.TEAM, has_branding: false, sub_id: 40, purchaser: 7 }),
      },
      'GET /v4/account/settings': { json: buildSettings() },
    });
    const user = userEvent.setup();
    renderPage();
    const ann = await memberCard('Ann Hogan');
    await user.click(within(ann).getByRole('radio', { name: 'Premium' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /v4/account')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/orgs/seat')[0]!.init.body))).toEqual({ uid: 7, seat: 'PREMIUM' });
    await waitFor(() => expect(callsTo(fetchMock, 'GET /v4/orgs').length).toBeGreaterThanOrEqual(2));
  });

  it('shows a 409 seat refusal beside the member and leaves the seat as it was', async () => {
    const fetchMock = api({
      'POST /v4/orgs/seat': { status: 409, json: { error: 'All 2 coach seats are taken. Free one first.', code: 'CONFLICT' } },
    });
    const user = userEvent.setup();
    renderPage();
    const ben = await memberCard('Ben Crenshaw');
    await user.click(within(ben).getByRole('radio', { name: 'Coach' }));
    expect(await within(ben).findByRole('alert')).toHaveTextContent('All 2 coach seats are taken. Free one first.');
    expect(within(ben).getByRole('radio', { name: 'None' })).toBeChecked();
    expect(within(ben).getByRole('radio', { name: 'Coach' })).not.toBeChecked();
    expect(callsTo(fetchMock, 'POST /v4/orgs/seat')).toHaveLength(1);
  });

  it('removes a member after a confirmation naming them', async () => {
    let members = MEMBERS;
    const fetchMock = api({
      'GET /v4/orgs/members': () => ({ json: { members } }),
      'DELETE /v4/orgs/member': ({ url }) => {
        members = members.filter((member) => String(member.uid) !== url.searchParams.get('uid'));
        return { json: { ok: true } };
      },
    });
    const user = userEvent.setup();
    renderPage();
    const ben = await memberCard('Ben Crenshaw');
    await user.click(within(ben).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove member' });
    expect(dialog).toHaveTextContent('Remove Ben Crenshaw from Pine Valley Academy?');

    // Cancel changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'DELETE /v4/orgs/member')).toHaveLength(0);

    await user.click(within(ben).getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE /v4/orgs/member')).toHaveLength(1));
    const call = callsTo(fetchMock, 'DELETE /v4/orgs/member')[0]!;
    expect(call.url.searchParams.get('org_id')).toBe('3');
    expect(call.url.searchParams.get('uid')).toBe('8');
    await waitFor(() => expect(screen.getAllByTestId('member-card')).toHaveLength(2));
    expect(screen.queryByText('Ben Crenshaw')).toBeNull();
  });

  it('invites by e-mail and role, checks the address first, and lists the new invitation', async () => {
    let invites = [buildInvite()];
    const fetchMock = api({
      'GET /v4/orgs/invites': () => ({ json: { invites } }),
      'POST /v4/orgs/invite': ({ init }) => {
        const body = JSON.parse(String(init.body)) as { email: string; role: 'coach' | 'player' };
        const invite = buildInvite({ invite_id: 52, email: body.email, role: body.role });
        invites = [...invites, invite];
        return { json: invite };
      },
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('invite-card');
    const email = screen.getByRole('textbox', { name: /^E-mail/ });
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /v4/orgs/invite')).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'Eve.Coach@Example.com');
    await user.click(within(screen.getByRole('radiogroup', { name: 'Role' })).getByRole('radio', { name: 'Coach' }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/orgs/invite')).toHaveLength(1));
    const call = callsTo(fetchMock, 'POST /v4/orgs/invite')[0]!;
    expect(call.url.searchParams.get('org_id')).toBe('3');
    expect(JSON.parse(String(call.init.body))).toEqual({ email: 'eve.coach@example.com', role: 'coach' });
    expect(await screen.findByText('Invitation sent to eve.coach@example.com as a coach.')).toBeInTheDocument();
    expect(email).toHaveValue('');
    await waitFor(() => expect(screen.getAllByTestId('invite-card')).toHaveLength(2));
  });

  it('shows why an invitation was refused', async () => {
    api({ 'POST /v4/orgs/invite': { status: 409, json: { error: 'dan@example.com already has an open invitation.', code: 'CONFLICT' } } });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByRole('textbox', { name: /^E-mail/ }), 'dan@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('dan@example.com already has an open invitation.')).toBeInTheDocument();
  });

  it('resends an invitation, and cancels one after confirming', async () => {
    let invites = [buildInvite()];
    const fetchMock = api({
      'GET /v4/orgs/invites': () => ({ json: { invites } }),
      'POST /v4/orgs/invite/resend': { json: buildInvite() },
      'DELETE /v4/orgs/invite': () => {
        invites = [];
        return { json: { ok: true } };
      },
    });
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByTestId('invite-card');
    await user.click(within(card).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/orgs/invite/resend')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /v4/orgs/invite/resend')[0]!.url.searchParams.get('invite_id')).toBe('51');

    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel invitation' });
    expect(dialog).toHaveTextContent('Cancel the invitation to dan@example.com?');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'DELETE /v4/orgs/invite')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel invitation' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE /v4/orgs/invite')).toHaveLength(1));
    expect(callsTo(fetchMock, 'DELETE /v4/orgs/invite')[0]!.url.searchParams.get('invite_id')).toBe('51');
    expect(await screen.findByText(/No invitations are waiting for an answer/)).toBeInTheDocument();
  });

  it('without an organisation yet, creates one with POST /orgs (no org_id)', async () => {
    let orgs: Org[] = [];
    const fetchMock = api({
      'GET /v4/orgs': () => ({ json: orgs }),
      'POST /v4/orgs': () => {
        orgs = [buildOrg({ org_id: 9, name: 'Hogan Golf' })];
        return { json: orgs[0] };
      },
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Create your organisation' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Hogan Golf');
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/orgs')).toHaveLength(1));
    const call = callsTo(fetchMock, 'POST /v4/orgs')[0]!;
    expect(call.url.searchParams.has('org_id')).toBe(false);
    expect(JSON.parse(String(call.init.body))).toEqual({ name: 'Hogan Golf', media_id: null, colour: null });
    expect(await screen.findByRole('heading', { name: 'Name, colour and logo' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /v4/orgs/members').map(({ url }) => url.searchParams.get('org_id'))).toEqual(['9']));
  });

  it('says so when the organisations cannot be loaded', async () => {
    api({ 'GET /v4/orgs': { status: 500, json: { error: 'Database unavailable', code: 'INTERNAL_ERROR' } } });
    renderPage();
    expect(await screen.findByText('Your organisations could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says when the organisation has no subscription, and seats cannot be given', async () => {
    api({ 'GET /v4/orgs/subscription': { json: null } });
    renderPage();
    expect(await screen.findByText(/This organisation has no subscription/)).toBeInTheDocument();
    const cara = await memberCard('Cara Pine');
    expect(within(cara).getByRole('radio', { name: 'Premium' })).toBeDisabled();
  });
});
