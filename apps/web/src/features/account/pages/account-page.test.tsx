import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { callsTo, createFetchMock } from '../../../test/fetch-mock.ts';
import { buildSettings, buildUser } from '../../../test/factories.ts';
import { renderApp } from '../../../test/render.tsx';

function signIn() {
  localStorage.setItem('token', 'tok-1');
  session.store.set({ ...LOGGED_OUT_STATE, status: 'loggedIn', user: buildUser(), settings: buildSettings() });
}

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

const echoSettings = ({ init }: { init: RequestInit }) => ({ json: buildSettings(JSON.parse(String(init.body))) });

describe('My Profile', () => {
  it('picking a theme applies it to the page and saves the settings', async () => {
    const fetchMock = createFetchMock({ 'POST /v4/account/settings': echoSettings });
    vi.stubGlobal('fetch', fetchMock);
    signIn();
    renderApp('/account');
    const themes = await screen.findByRole('radiogroup', { name: 'Theme' });
    expect(within(themes).getAllByRole('radio').map((r) => r.getAttribute('aria-label') ?? (r as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'blue',
      'red',
      'green',
      'orange',
      'purple',
    ]);
    expect(document.documentElement.dataset.theme).toBe('blue');
    await userEvent.click(within(themes).getByRole('radio', { name: 'green' }));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('green'));
    expect(within(themes).getByRole('radio', { name: 'green' })).toBeChecked();
    const saves = callsTo(fetchMock, 'POST /v4/account/settings');
    expect(saves).toHaveLength(1);
    expect(JSON.parse(String(saves[0]!.init.body))).toEqual({ theme: 2 });
  });

  it('changing units saves them', async () => {
    const fetchMock = createFetchMock({ 'POST /v4/account/settings': echoSettings });
    vi.stubGlobal('fetch', fetchMock);
    signIn();
    renderApp('/account');
    await userEvent.click(await screen.findByLabelText('Units', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Meters / Yards', hidden: true }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/account/settings')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /v4/account/settings')[0]!.init.body))).toEqual({ units: 'METERS_YARDS' });
    expect(session.store.get().settings?.units).toBe('METERS_YARDS');
  });

  it('saves the profile and updates the display name', async () => {
    const fetchMock = createFetchMock({ 'POST /v4/account': ({ init }) => ({ json: { ...buildUser(), ...JSON.parse(String(init.body)) } }) });
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
    const fetchMock = createFetchMock({ 'DELETE /v4/account': { json: { ok: true } } });
    vi.stubGlobal('fetch', fetchMock);
    const navigate = vi.fn();
    session.setNavigator(navigate);
    signIn();
    renderApp('/account');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(callsTo(fetchMock, 'DELETE /v4/account')).toHaveLength(1);
    expect(session.store.get().status).toBe('loggedOut');
  });
});
