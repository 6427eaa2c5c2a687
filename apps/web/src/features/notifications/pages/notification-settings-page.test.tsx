import { DEFAULT_NOTIFY, SETTABLE_NOTIFICATION_TYPES, type Settings } from '@holeout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { buildSettings, buildUser } from '../../../test/factories.ts';
import { callsTo, createFetchMock, type Routes } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { NOTIFICATION_SETTING_ORDER } from '../lib/notification-types.ts';
import NotificationSettingsPage from './notification-settings-page.tsx';

function renderPage(routes: Routes, settings: Settings | null = buildSettings()) {
  const fetchMock = createFetchMock(routes);
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('token', 'tok-1');
  session.store.set({ ...LOGGED_OUT_STATE, status: 'loggedIn', user: buildUser(), settings });
  renderWithProviders(<NotificationSettingsPage />, { route: '/notification-settings' });
  return fetchMock;
}

const echoSettings = ({ init }: { init: RequestInit }) => ({ json: buildSettings(JSON.parse(String(init.body))) });
const switchFor = (label: string, channel: 'E-mail' | 'Push') => screen.getByRole('switch', { name: `${label} ${channel}` });
const bodyOf = (fetchMock: ReturnType<typeof createFetchMock>) =>
  callsTo(fetchMock, 'POST /v4/account/settings').map(({ init }) => JSON.parse(String(init.body)));

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

describe('Notification settings', () => {
  it('lists every settable type once with an e-mail and a push switch, from the saved settings and the defaults', async () => {
    renderPage(
      {},
      buildSettings({ notify: { ROUND_SHARED: { email: true, push: false }, TEAM_INVITATION: { email: false, push: true } } }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Notification settings' })).toBeInTheDocument();
    expect([...NOTIFICATION_SETTING_ORDER].sort()).toEqual([...SETTABLE_NOTIFICATION_TYPES].sort());
    const table = screen.getByRole('table', { name: 'How each notification reaches you' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + SETTABLE_NOTIFICATION_TYPES.length);
    expect(within(table).getAllByRole('switch')).toHaveLength(2 * SETTABLE_NOTIFICATION_TYPES.length);
    expect(within(table).getByRole('rowheader', { name: /Round shared A round is shared with you\./ })).toBeInTheDocument();

    // Saved values win ...
    expect(switchFor('Round shared', 'E-mail')).toBeChecked();
    expect(switchFor('Round shared', 'Push')).not.toBeChecked();
    expect(switchFor('Invitation to an organisation', 'E-mail')).not.toBeChecked();
    // ... and the defaults fill in the rest (sharing by push only, invitations and membership by e-mail too).
    expect(switchFor('Event shared', 'E-mail')).not.toBeChecked();
    expect(switchFor('Event shared', 'Push')).toBeChecked();
    expect(switchFor('Member left', 'E-mail')).toBeChecked();
    expect(screen.getByText(/delivered by the Holeout mobile app/)).toBeInTheDocument();
  });

  it('saves every type with the changed switches and says "Saved"', async () => {
    const fetchMock = renderPage({ 'POST /v4/account/settings': echoSettings });
    await userEvent.click(switchFor('Round shared', 'E-mail'));
    await userEvent.click(switchFor('Subscription ended', 'Push'));
    expect(screen.getByRole('status')).toHaveTextContent('You have unsaved changes.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();

    const expected = Object.fromEntries(SETTABLE_NOTIFICATION_TYPES.map((type) => [type, DEFAULT_NOTIFY[type]]));
    expected.ROUND_SHARED = { email: true, push: true };
    expected.SUB_EXPIRED = { email: true, push: false };
    expect(bodyOf(fetchMock)).toEqual([{ notify: expected }]);
    expect(session.store.get().settings?.notify?.ROUND_SHARED).toEqual({ email: true, push: true });
    expect(switchFor('Round shared', 'E-mail')).toBeChecked();

    // Changing again takes the "Saved" away until the next save.
    await userEvent.click(switchFor('Tag shared', 'Push'));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('does not say "Saved" when saving fails, and keeps the change', async () => {
    const fetchMock = renderPage({ 'POST /v4/account/settings': { status: 500, json: { error: 'Could not save', code: 'INTERNAL' } } });
    await userEvent.click(switchFor('Drill folder shared', 'Push'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /v4/account/settings')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('data-loading'));
    expect(screen.queryByText('Saved')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('You have unsaved changes.');
    expect(switchFor('Drill folder shared', 'Push')).not.toBeChecked();
    expect(session.store.get().settings?.notify).toBeUndefined();
  });

  it('"Use the defaults" puts every switch back to the defaults', async () => {
    const fetchMock = renderPage(
      { 'POST /v4/account/settings': echoSettings },
      buildSettings({ notify: { EVENT_UPDATED: { email: true, push: false }, SUB_EXPIRING: { email: false, push: false } } }),
    );
    expect(switchFor('Shared event changed', 'E-mail')).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Use the defaults' }));
    expect(switchFor('Shared event changed', 'E-mail')).not.toBeChecked();
    expect(switchFor('Subscription ending soon', 'E-mail')).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(bodyOf(fetchMock)[0].notify.EVENT_UPDATED).toEqual({ email: false, push: true });
    expect(screen.getByRole('button', { name: 'Use the defaults' })).toBeDisabled();
  });

  it('reads the settings itself when the session has none yet, rather than saving defaults over them', async () => {
    const fetchMock = renderPage(
      { 'GET /v4/account/settings': { json: buildSettings({ notify: { TAG_SHARED: { email: true, push: false } } }) } },
      null,
    );
    expect(await screen.findByRole('switch', { name: 'Tag shared E-mail' })).toBeChecked();
    expect(switchFor('Tag shared', 'Push')).not.toBeChecked();
    expect(callsTo(fetchMock, 'GET /v4/account/settings')).toHaveLength(1);
  });

  it('says so when the settings cannot be loaded', async () => {
    renderPage({ 'GET /v4/account/settings': { status: 500, json: { error: 'Database down', code: 'INTERNAL' } } }, null);
    expect(await screen.findByText('Your settings could not be loaded')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
