import { SUBSCRIPTION_LEVELS } from '@holeout/golf';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../lib/session/session.ts';
import { callsTo, createFetchMock } from '../test/fetch-mock.ts';
import { buildSubscription, buildUser } from '../test/factories.ts';
import { renderWithProviders } from '../test/render.tsx';
import { MenuHeader, SideMenu } from './side-menu.tsx';

function signIn(partial: Partial<typeof LOGGED_OUT_STATE> = {}) {
  localStorage.setItem('token', 'tok-1');
  session.store.set({ ...LOGGED_OUT_STATE, status: 'loggedIn', user: buildUser(), ...partial });
}

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

describe('side menu', () => {
  it('lists the items, and is no landmark itself (the app frame holds it in its <nav>)', () => {
    signIn({ subscription: buildSubscription() });
    renderWithProviders(<SideMenu onNavigate={() => {}} />);
    expect(screen.queryByRole('navigation')).toBeNull();
    const nav = screen.getByTestId('side-menu');
    for (const label of [
      'Statistics',
      'Calendar',
      'Drills',
      'AI Coach',
      'Events',
      'Add Round',
      'Notifications',
      'StatCard',
      'How-To',
      'My Profile',
    ]) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Statistics' })).toHaveAttribute('href', '/home');
    expect(within(nav).getByRole('link', { name: 'Add Round' })).toHaveAttribute('href', '/scanner');
    expect(within(nav).getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/account');
  });

  it('StatCard opens in a new tab', () => {
    signIn();
    renderWithProviders(<SideMenu onNavigate={() => {}} />);
    const statCard = screen.getByRole('link', { name: 'StatCard' });
    expect(statCard).toHaveAttribute('target', '_blank');
    expect(statCard.getAttribute('rel')).toContain('noopener');
    expect(statCard.getAttribute('href')).toMatch(/^https:\/\//);
  });

  it('shows the selected rounds count and the unread alert', () => {
    signIn({ selectedRounds: [3, 9], unreadCount: 2 });
    renderWithProviders(<SideMenu onNavigate={() => {}} />);
    expect(screen.getByRole('link', { name: 'Statistics (2)' })).toBeInTheDocument();
    expect(screen.getByTestId('unread-alert')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAccessibleDescription('You have unread notifications');
  });

  it('has no unread alert without unread notifications', () => {
    signIn({ unreadCount: 0 });
    renderWithProviders(<SideMenu onNavigate={() => {}} />);
    expect(screen.queryByTestId('unread-alert')).toBeNull();
    // The hidden words are only in the page when they are true.
    expect(screen.queryByText('You have unread notifications')).toBeNull();
    expect(screen.getByRole('link', { name: 'Notifications' })).not.toHaveAttribute('aria-describedby');
  });

  it('coach purchaser sees Org. Management and no Add Round', () => {
    signIn({
      user: buildUser({ is_coach: true }),
      subscription: buildSubscription({ level: SUBSCRIPTION_LEVELS.ACADEMY, purchaser: 7 }),
    });
    renderWithProviders(<SideMenu onNavigate={() => {}} />);
    expect(screen.getByRole('link', { name: 'Org. Management' })).toHaveAttribute('href', '/org-management');
    expect(screen.queryByRole('link', { name: 'Add Round' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Subscribe' })).toBeNull();
  });

  it('Log Out asks for confirmation; Cancel keeps the session', async () => {
    signIn();
    renderWithProviders(<SideMenu onNavigate={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log Out' });
    expect(within(dialog).getByText('Are you sure you want to log out?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(session.store.get().status).toBe('loggedIn');
    expect(localStorage.getItem('token')).toBe('tok-1');
  });

  it('Log Out confirmed with Yes logs out and goes to /login', async () => {
    const fetchMock = createFetchMock({ 'POST /v4/account/logout': { json: { ok: true } } });
    vi.stubGlobal('fetch', fetchMock);
    const navigate = vi.fn();
    session.setNavigator(navigate);
    signIn();
    renderWithProviders(<SideMenu onNavigate={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(session.store.get().status).toBe('loggedOut');
    expect(localStorage.getItem('token')).toBeNull();
    expect(callsTo(fetchMock, 'POST /v4/account/logout')).toHaveLength(1);
  });
});

describe('menu header', () => {
  it('shows the product name and the first and last name', () => {
    signIn();
    renderWithProviders(<MenuHeader />);
    expect(screen.getByTestId('menu-brand')).toHaveTextContent('Holeout');
    expect(screen.getByTestId('menu-display-name')).toHaveTextContent('Ann Hogan');
  });

  it('shows the organisation brand when branding applies', () => {
    signIn({ branding: { orgId: 2, name: 'Pine Valley Academy', mediaId: null, logoUrl: null, colour: null } });
    renderWithProviders(<MenuHeader />);
    expect(screen.getByTestId('menu-brand')).toHaveTextContent('Pine Valley Academy');
    // Without a logo or a colour the header keeps the theme's look.
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByTestId('menu-header').style.backgroundColor).toBe('');
  });

  it('shows the organisation logo beside its name, named by it', () => {
    signIn({ branding: { orgId: 2, name: 'Pine Valley Academy', mediaId: 9, logoUrl: '/v4/media/9.webp', colour: null } });
    renderWithProviders(<MenuHeader />);
    const logo = screen.getByRole('img', { name: 'Pine Valley Academy' });
    expect(logo).toHaveAttribute('src', '/v4/media/9.webp');
    // The heading's own name stays the brand alone: the logo sits beside it, not inside.
    expect(screen.getByRole('heading', { level: 2 })).toHaveAccessibleName('Pine Valley Academy');
  });

  it('takes the organisation colour as its background, with white text on a dark colour', () => {
    signIn({ branding: { orgId: 2, name: 'Pine Valley Academy', mediaId: null, logoUrl: null, colour: '#1b4d2e' } });
    renderWithProviders(<MenuHeader />);
    const header = screen.getByTestId('menu-header');
    expect(header.style.backgroundColor).toBe('rgb(27, 77, 46)');
    expect(header.style.color).toBe('rgb(255, 255, 255)');
  });

  it('uses black text on a light organisation colour', () => {
    signIn({ branding: { orgId: 2, name: 'Pine Valley Academy', mediaId: null, logoUrl: null, colour: '#ffd43b' } });
    renderWithProviders(<MenuHeader />);
    const header = screen.getByTestId('menu-header');
    expect(header.style.backgroundColor).toBe('rgb(255, 212, 59)');
    expect(header.style.color).toBe('rgb(0, 0, 0)');
  });

  it('ignores the organisation look when branding does not apply', () => {
    signIn({ branding: null });
    renderWithProviders(<MenuHeader />);
    expect(screen.getByTestId('menu-brand')).toHaveTextContent('Holeout');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByTestId('menu-header').style.backgroundColor).toBe('');
  });

  it('without a first name shows the e-mail, cut to 25 characters plus an ellipsis when over 27', () => {
    signIn({ user: buildUser({ first_name: '', email: 'a.very.long.address@example.com' }) });
    renderWithProviders(<MenuHeader />);
    expect(screen.getByTestId('menu-display-name')).toHaveTextContent(/^a\.very\.long\.address@examp\.\.\.$/);
  });

  it('keeps an e-mail of exactly 27 characters whole', () => {
    const email = 'abcdefghijklmno@example.com';
    expect(email).toHaveLength(27);
    signIn({ user: buildUser({ first_name: '', email }) });
    renderWithProviders(<MenuHeader />);
    expect(screen.getByTestId('menu-display-name')).toHaveTextContent(email);
  });
});
