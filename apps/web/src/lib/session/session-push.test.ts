import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api-client.ts';
import { createLocalCache } from '../cache.ts';
import { createFetchMock } from '../../test/fetch-mock.ts';
import { buildSettings, buildSubscription, buildUser } from '../../test/factories.ts';
import { createSession } from './session.ts';

const routes = {
  'POST /v4/account/login': { json: { token: 'tok-9', uid: 7 } },
  'GET /v4/account': { json: buildUser() },
  'GET /v4/account/subscription': { json: buildSubscription() },
  'GET /v4/account/settings': { json: buildSettings() },
  'GET /v4/notifications/count_unread': { json: { count: 0 } },
  'POST /v4/account/logout': { json: { ok: true } },
};

/** A session without a registrar, as main.tsx makes it before the native shell has loaded. */
function setup() {
  const fetchMock = createFetchMock(routes);
  const api = createApiClient({ fetch: fetchMock, toaster: { show: vi.fn() }, log: vi.fn() });
  const session = createSession({ api, queryClient: new QueryClient(), navigate: vi.fn(), cache: createLocalCache(() => localStorage) });
  const push = { register: vi.fn().mockResolvedValue(undefined), unregister: vi.fn().mockResolvedValue(undefined) };
  return { session, push };
}

describe('session: the push registrar arriving late (the native shell loads after start-up)', () => {
  it('a session restored before the registrar arrived registers the device when it does', async () => {
    localStorage.setItem('token', 'tok-9');
    const { session, push } = setup();
    await session.restore();
    expect(session.store.get().status).toBe('loggedIn');
    session.setPushRegistrar(push);
    expect(push.register).toHaveBeenCalledTimes(1);
    await session.logout();
    expect(push.unregister).toHaveBeenCalledTimes(1);
    localStorage.removeItem('token');
  });

  it('a registrar set while logged out registers at the sign-in, once', async () => {
    localStorage.removeItem('token');
    const { session, push } = setup();
    session.setPushRegistrar(push);
    expect(push.register).not.toHaveBeenCalled();
    await session.login('ann@example.com', 'a long enough password');
    expect(push.register).toHaveBeenCalledTimes(1);
    await session.logout();
    localStorage.removeItem('token');
  });
});
