import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT_STATE, session } from '../../../lib/session/session.ts';
import { callsTo, createFetchMock } from '../../../test/fetch-mock.ts';
import { passwordStrengthRoute } from '../../../test/password-strength-route.ts';
import { renderApp } from '../../../test/render.tsx';

afterEach(() => {
  session.store.set(LOGGED_OUT_STATE);
  vi.unstubAllGlobals();
});

describe('registration: new password', () => {
  it('says "at least 12 characters", shows the strength as you type and refuses a guessable password', async () => {
    const fetchMock = createFetchMock({ ...passwordStrengthRoute, 'POST /v4/account/register': { json: { uid: -1 } } });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp('/registration');
    await userEvent.type(await screen.findByLabelText('Email'), 'ann.hogan@example.com');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAccessibleDescription(/At least 12 characters/);
    expect(screen.queryByRole('meter')).toBeNull();

    await userEvent.type(password, 'password1234');
    const meter = await screen.findByRole('meter', { name: 'Password strength' });
    await waitFor(() => expect(Number(meter.getAttribute('aria-valuenow'))).toBeLessThan(3));
    expect(screen.getByText(/^Strength: (Very weak|Weak|Fair)\. /)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(/^This password is too easy to guess/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /v4/account/register')).toHaveLength(0);

    await userEvent.clear(password);
    await userEvent.type(password, 'fairway-finder-42');
    await waitFor(() => expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuenow', '4'));
    expect(screen.getByText('Strength: Very strong')).toBeInTheDocument();
    // The refusal of the weak password goes once the password typed since is strong.
    expect(screen.queryByText(/^This password is too easy to guess/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    // The same answer whether or not the address is taken: always on to the code page.
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-user'));
    expect(callsTo(fetchMock, 'POST /v4/account/register')).toHaveLength(1);
  });

  it("shows the server's reason at the field it names", async () => {
    vi.stubGlobal(
      'fetch',
      createFetchMock({
        ...passwordStrengthRoute,
        'POST /v4/account/register': {
          status: 400,
          json: {
            error: 'password: too common',
            code: 'VALIDATION_ERROR',
            details: [{ field: 'password', message: 'This password is too common.', in: 'body' }],
          },
        },
      }),
    );
    renderApp('/registration');
    await userEvent.type(await screen.findByLabelText('Email'), 'ann.hogan@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'fairway-finder-42');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This password is too common.')).toBeInTheDocument();
  });
});

describe('registration without a connection to the strength check', () => {
  it("refuses a common password on the device, and leaves any other to the server's judgement when the form is sent", async () => {
    const online = createFetchMock({ 'POST /v4/account/register': { json: { uid: -1 } } });
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/account/password_strength')) throw new TypeError('Failed to fetch');
      return online(input, init);
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp('/registration');
    await userEvent.type(await screen.findByLabelText('Email'), 'ann.hogan@example.com');
    const password = screen.getByLabelText('Password');
    await userEvent.type(password, 'password1234');
    expect(
      await screen.findByText(/^Strength: Very weak\. This password is too easy to guess\. It is one of the most common/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(/^This password is too easy to guess/)).toBeInTheDocument();
    expect(callsTo(online, 'POST /v4/account/register')).toHaveLength(0);

    await userEvent.clear(password);
    await userEvent.type(password, 'fairway-finder-42');
    expect(await screen.findByText(/^Strength: Not checked\. Not checked just now/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-user'));
    expect(callsTo(online, 'POST /v4/account/register')).toHaveLength(1);
  });
});

describe('password reset: new password', () => {
  it('refuses a password that is too easy to guess, with the strength shown', async () => {
    const fetchMock = createFetchMock({ ...passwordStrengthRoute, 'POST /v4/account/password_reset': { json: { ok: true } } });
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/password-reset?email=ann%40example.com');
    await userEvent.click(await screen.findByRole('button', { name: 'I already have a code' }));
    await userEvent.type(await screen.findByLabelText('Code'), '654321');
    const password = screen.getByLabelText('New password');
    expect(password).toHaveAccessibleDescription(/At least 12 characters/);
    await userEvent.type(password, 'password1234');
    await waitFor(() => expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuenow', '1'));
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(/^This password is too easy to guess/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /v4/account/password_reset')).toHaveLength(0);
  });
});
