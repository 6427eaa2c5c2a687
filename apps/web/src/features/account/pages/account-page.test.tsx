import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { passwordStrengthRoute } from '../../../test/password-strength-route.ts';
import { callsTo, createFetchMock, type Routes } from '../../../test/fetch-mock.ts';
import { buildSettings, buildUser } from '../../../test/factories.ts';
import { renderApp } from '../../../test/render.tsx';

function signIn(user = buildUser()) {
  localStorage.setItem('token', 'tok-1');
  session.store.set({ ...LOGGED_OUT_STATE, status: 'loggedIn', user, settings: buildSettings() });
}

const SESSIONS = [
  {
    token_id: 31,
    created_at: '2026-05-01T09:30:00.000Z',
    last_used_at: '2026-05-03T10:00:00.000Z',
    expires_at: '2026-06-02T10:00:00.000Z',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    current: true,
  },
  {
    token_id: 12,
    created_at: '2026-04-20T18:05:00.000Z',
    last_used_at: '2026-04-28T07:45:00.000Z',
    expires_at: '2026-05-28T07:45:00.000Z',
    user_agent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    current: false,
  },
];

/** The account page's calls, with the sessions list answered unless a test says otherwise. */
function accountApi(routes: Routes = {}) {
  return createFetchMock({ 'GET /v4/account/sessions': { json: { sessions: SESSIONS } }, ...passwordStrengthRoute, ...routes });
}

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

const echoSettings = ({ init }: { init: RequestInit }) => ({ json: buildSettings(JSON.parse(String(init.body))) });

describe('My Profile', () => {
  it('picking a theme applies it to the page and saves the settings', async () => {
    const fetchMock = accountApi({ 'POST /v4/account/settings': echoSettings });
    vi.stubGlobal('fetch', fetchMock);
    signIn();
    renderApp('/account');
    const themes = await screen.findByRole('radiogroup', { name: 'Theme' });
    expect(
      within(themes)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('aria-label') ?? (r as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['blue', 'red', 'green', 'orange', 'purple']);
    expect(document.documentElement.dataset.theme).toBe('blue');
    await userEvent.click(within(themes).getByRole('radio', { name: 'green' }));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('green'));
    expect(within(themes).getByRole('radio', { name: 'green' })).toBeChecked();
    const saves = callsTo(fetchMock, 'POST /v4/account/settings');
    expect(saves).toHaveLength(1);
    expect(JSON.parse(String(saves[0]!.init.body))).toEqual({ theme: 2 });
    expect(await screen.findByRole('status')).toHaveTextContent('Theme saved');
  });

  it('changing units saves them', async () => {
    const fetchMock = accountApi({ 'POST /v4/account/settings': echoSettings });
    vi.stubGlobal('fetch', fetchMock);
    signIn();
    renderApp('/account');
    await userEvent.click(await screen.findByLabelText('Units', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Meters / Yards', hidden: true }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/account/settings')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/account/settings')[0]!.init.body))).toEqual({ units: 'METERS_YARDS' });
    expect(session.store.get().settings?.units).toBe('METERS_YARDS');
    await waitFor(() => expect(screen.getByTestId('preferences-status')).toHaveTextContent('Units saved'));
  });

  it('says nothing was saved when saving the theme fails', async () => {
    vi.stubGlobal(
      'fetch',
      accountApi({ 'POST /v4/account/settings': { status: 500, json: { error: 'Database down', code: 'INTERNAL' } } }),
    );
    signIn();
    renderApp('/account');
    const themes = await screen.findByRole('radiogroup', { name: 'Theme' });
    await userEvent.click(within(themes).getByRole('radio', { name: 'red' }));
    await waitFor(() => expect(within(themes).getByRole('radio', { name: 'blue' })).toBeChecked());
    expect(screen.getByTestId('preferences-status')).toHaveTextContent('');
  });

  it('saves the profile and updates the display name', async () => {
    const fetchMock = accountApi({ 'POST /v4/account': ({ init }) => ({ json: { ...buildUser(), ...JSON.parse(String(init.body)) } }) });
    vi.stubGlobal('fetch', fetchMock);
    signIn();
    renderApp('/account');
    const first = await screen.findByRole('textbox', { name: 'First name' });
    await userEvent.clear(first);
    await userEvent.type(first, 'Annika');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(session.store.get().user.first_name).toBe('Annika'));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/account')[0]!.init.body))).toEqual({
      email: 'ann.hogan@example.com',
      first_name: 'Annika',
      last_name: 'Hogan',
      level: 'Womens Amateur',
      benchmark: 'SCRATCH',
    });
    expect(screen.getByTestId('menu-display-name')).toHaveTextContent('Annika Hogan');
  });

  it('deleting the account asks first, then deletes and goes to /login', async () => {
    const fetchMock = accountApi({ 'DELETE /v4/account': { json: { ok: true } } });
    vi.stubGlobal('fetch', fetchMock);
    const navigate = vi.fn();
    session.setNavigator(navigate);
    signIn();
    renderApp('/account');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    expect(callsTo(fetchMock, 'DELETE /v4/account')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(callsTo(fetchMock, 'DELETE /v4/account')).toHaveLength(1);
    expect(session.store.get().status).toBe('loggedOut');
  });
});

describe('My Profile: sessions', () => {
  it('lists the live sessions in words, marks this device, and ends another one', async () => {
    let sessions = SESSIONS;
    const fetchMock = createFetchMock({
      'GET /v4/account/sessions': () => ({ json: { sessions } }),
      'DELETE /v4/account/sessions': () => {
        sessions = sessions.filter((entry) => entry.token_id !== 12);
        return { json: { ok: true } };
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    signIn();
    renderApp('/account');
    const section = await screen.findByRole('region', { name: 'Sessions' });
    const rows = await within(section).findAllByTestId('account-session');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Chrome on Linux');
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent(/Signed in \d{2}\/\d{1,2}\/26 \d{1,2}:\d{2}/);
    expect(rows[0]).toHaveTextContent(/Last used \d{2}\/\d{1,2}\/26/);
    expect(rows[1]).toHaveTextContent('Safari on iPhone');
    expect(within(rows[1]!).queryByText('This device')).toBeNull();

    const endOther = within(rows[1]!).getByRole('button', { name: 'End session' });
    expect(endOther).toHaveAccessibleDescription('Safari on iPhone');
    await userEvent.click(endOther);
    await waitFor(() => expect(within(section).getAllByTestId('account-session')).toHaveLength(1));
    expect(callsTo(fetchMock, 'DELETE /v4/account/sessions')[0]!.url.searchParams.get('token_id')).toBe('12');
    expect(session.store.get().status).toBe('loggedIn');
  });

  it("ending this device's session logs out to /login", async () => {
    const fetchMock = accountApi({ 'DELETE /v4/account/sessions': { json: { ok: true } } });
    vi.stubGlobal('fetch', fetchMock);
    const navigate = vi.fn();
    session.setNavigator(navigate);
    signIn();
    renderApp('/account');
    const [current] = await screen.findAllByTestId('account-session');
    await userEvent.click(within(current!).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(callsTo(fetchMock, 'DELETE /v4/account/sessions')[0]!.url.searchParams.get('token_id')).toBe('31');
    expect(session.store.get().status).toBe('loggedOut');
    expect(localStorage.getItem('token')).toBeNull();
    // The server has already ended the token: no logout call.
    expect(callsTo(fetchMock, 'POST /v4/account/logout')).toHaveLength(0);
  });
});

describe('My Profile: changing the e-mail address', () => {
  const changed = (body: Record<string, unknown>) => ({ json: { ...buildUser(), pending_email: String(body.email) } });

  it('asks for the current password, then for the code sent to the new address', async () => {
    const fetchMock = accountApi({
      'POST /v4/account': ({ init }) => changed(JSON.parse(String(init.body)) as Record<string, unknown>),
      'POST /v4/account/confirm_email': { json: buildUser({ email: 'ann@newmail.example', pending_email: null }) },
    });
    vi.stubGlobal('fetch', fetchMock);
    signIn();
    renderApp('/account');
    const email = await screen.findByRole('textbox', { name: 'Email' });
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(within(profile).queryByLabelText('Current password')).toBeNull();
    await userEvent.clear(email);
    await userEvent.type(email, 'ann@newmail.example');
    // Without the current password the form does not go out.
    await userEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(await within(profile).findByText('Enter your current password to change your e-mail address')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /v4/account')).toHaveLength(0);

    await userEvent.type(within(profile).getByLabelText('Current password'), 'my-old-password');
    await userEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));
    const pending = await screen.findByRole('region', { name: 'E-mail change' });
    expect(pending).toHaveTextContent('We sent a code to ann@newmail.example');
    expect(pending).toHaveTextContent('waiting for its code');
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/account')[0]!.init.body))).toMatchObject({
      email: 'ann@newmail.example',
      password: 'my-old-password',
    });
    // Until the code is in, the address in force stays.
    expect(within(profile).getByRole('textbox', { name: 'Email' })).toHaveValue('ann.hogan@example.com');
    expect(session.store.get().user.email).toBe('ann.hogan@example.com');

    await userEvent.type(within(pending).getByLabelText('Code from the e-mail'), '123456');
    await userEvent.click(within(pending).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(session.store.get().user.email).toBe('ann@newmail.example'));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/account/confirm_email')[0]!.init.body))).toEqual({ code: '123456' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'E-mail change' })).toBeNull());
    expect(within(screen.getByRole('region', { name: 'Profile' })).getByRole('textbox', { name: 'Email' })).toHaveValue(
      'ann@newmail.example',
    );
  });

  it('a wrong current password is shown at the password field', async () => {
    vi.stubGlobal('fetch', accountApi({ 'POST /v4/account': { status: 403, json: { error: 'Wrong password', code: 'WRONG_PASSWORD' } } }));
    signIn();
    renderApp('/account');
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await userEvent.clear(email);
    await userEvent.type(email, 'ann@newmail.example');
    const profile = screen.getByRole('region', { name: 'Profile' });
    await userEvent.type(within(profile).getByLabelText('Current password'), 'not-my-password');
    await userEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(await within(profile).findByText('That is not your current password')).toBeInTheDocument();
  });

  it('an account without a password (social sign-in) changes the address without one', async () => {
    const fetchMock = accountApi({ 'POST /v4/account': ({ init }) => changed(JSON.parse(String(init.body)) as Record<string, unknown>) });
    vi.stubGlobal('fetch', fetchMock);
    signIn(buildUser({ has_password: false }));
    renderApp('/account');
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await userEvent.clear(email);
    await userEvent.type(email, 'ann@newmail.example');
    expect(within(screen.getByRole('region', { name: 'Profile' })).queryByLabelText('Current password')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(/We sent a code to/)).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/account')[0]!.init.body))).not.toHaveProperty('password');
  });

  it('a change waiting from before shows its code field on opening the page; a wrong code says so', async () => {
    vi.stubGlobal(
      'fetch',
      accountApi({ 'POST /v4/account/confirm_email': { status: 400, json: { error: 'Invalid code', code: 'INVALID_CODE' } } }),
    );
    signIn(buildUser({ pending_email: 'ann@later.example' }));
    renderApp('/account');
    const pending = await screen.findByRole('region', { name: 'E-mail change' });
    expect(pending).toHaveTextContent('We sent a code to ann@later.example');
    await userEvent.type(within(pending).getByLabelText('Code from the e-mail'), '12');
    await userEvent.click(within(pending).getByRole('button', { name: 'Confirm' }));
    expect(await within(pending).findByText('The code is 6 digits')).toBeInTheDocument();
    await userEvent.type(within(pending).getByLabelText('Code from the e-mail'), '3456');
    await userEvent.click(within(pending).getByRole('button', { name: 'Confirm' }));
    expect(await within(pending).findByText('That code is not right, or it has expired')).toBeInTheDocument();
  });
});

describe('My Profile: changing the password', () => {
  it('shows the strength while typing and refuses a password that is too easy to guess', async () => {
    const fetchMock = accountApi({ 'POST /v4/account/update_password': { json: { ok: true } } });
    vi.stubGlobal('fetch', fetchMock);
    signIn();
    renderApp('/account');
    const form = await screen.findByRole('region', { name: 'Change password' });
    const next = within(form).getByLabelText('New password');
    expect(within(form).getByText(/At least 12 characters/)).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Current password'), 'old-password');
    await userEvent.type(next, 'password1234');
    const meter = await within(form).findByRole('meter', { name: 'Password strength' });
    await waitFor(() => expect(meter).toHaveAttribute('aria-valuenow', '1'));
    expect(meter).toHaveAttribute('aria-valuetext', 'Weak');
    expect(within(form).getByText(/Strength: Weak\. This password is too easy to guess/)).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Update password' }));
    expect(await within(form).findByText(/^This password is too easy to guess/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /v4/account/update_password')).toHaveLength(0);

    await userEvent.clear(next);
    await userEvent.type(next, 'Tr0ub4dor&3xyz');
    await waitFor(() => expect(within(form).getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuenow', '4'));
    await userEvent.click(within(form).getByRole('button', { name: 'Update password' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/account/update_password')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/account/update_password')[0]!.init.body))).toEqual({
      password: 'old-password',
      newPassword: 'Tr0ub4dor&3xyz',
    });
  });

  it('refuses fewer than 12 characters before judging', async () => {
    const fetchMock = accountApi();
    vi.stubGlobal('fetch', fetchMock);
    signIn();
    renderApp('/account');
    const form = await screen.findByRole('region', { name: 'Change password' });
    await userEvent.type(within(form).getByLabelText('Current password'), 'old-password');
    await userEvent.type(within(form).getByLabelText('New password'), 'Xk9#short');
    await userEvent.click(within(form).getByRole('button', { name: 'Update password' }));
    expect(await within(form).findByText('Password must be at least 12 characters')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /v4/account/update_password')).toHaveLength(0);
  });
});
