import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, errorMessageFromBody, NETWORK_ERROR_MESSAGE, NotLoggedInError } from './api-client.ts';
import { TOAST_DURATION_MS } from './notify.ts';
import { createFetchMock } from '../test/fetch-mock.ts';

function setup(routes: Parameters<typeof createFetchMock>[0], token: string | null = 'tok-1') {
  const fetchMock = createFetchMock(routes);
  const toaster = { show: vi.fn() };
  const log = vi.fn();
  const handlers = { onUnauthorized: vi.fn(), onNotLoggedIn: vi.fn() };
  const api = createApiClient({ fetch: fetchMock, getToken: () => token, toaster, log });
  api.setSessionHandlers(handlers);
  return { api, fetchMock, toaster, log, handlers };
}

describe('api client', () => {
  it('toasts for 3 seconds', () => {
    expect(TOAST_DURATION_MS).toBe(3000);
  });

  it('sends the bearer token, JSON body and query on /v4', async () => {
    const { api, fetchMock } = setup({ 'POST /v4/account/settings': { json: { theme: 2 } } });
    await expect(api.post('/account/settings', { theme: 2 }, { query: { rounds: [12, 15] } })).resolves.toEqual({ theme: 2 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/v4/account/settings?rounds=12%2C15');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
    expect(init?.body).toBe('{"theme":2}');
  });

  it('sends no Authorization header without a token on a public call', async () => {
    const { api, fetchMock } = setup({ 'POST /v4/account/login': { json: { token: 't', uid: 1 } } }, null);
    await api.post('/account/login', { email: 'a@b.co', password: 'x' }, { auth: false });
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('status 0 / network failure: toast "Error connecting to the internet"', async () => {
    const toaster = { show: vi.fn() };
    const api = createApiClient({ fetch: vi.fn().mockRejectedValue(new TypeError('Failed to fetch')), getToken: () => 't', toaster });
    const error = await api.get('/account').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect(toaster.show).toHaveBeenCalledWith(NETWORK_ERROR_MESSAGE, 'error');
    expect(NETWORK_ERROR_MESSAGE).toBe('Error connecting to the internet');
  });

  it('a response with status 0 (blocked or opaque) also toasts "Error connecting to the internet", once', async () => {
    const toaster = { show: vi.fn() };
    const log = vi.fn();
    const api = createApiClient({ fetch: vi.fn().mockResolvedValue(Response.error()), getToken: () => 't', toaster, log });
    await expect(api.get('/account', { fallbackMessage: 'Could not load' })).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
    expect(toaster.show.mock.calls).toEqual([[NETWORK_ERROR_MESSAGE, 'error']]);
  });

  it('an error with a JSON body shows its error text', async () => {
    const { api, toaster } = setup({
      'POST /v4/account/update_password': { status: 403, json: { error: 'The current password is wrong', code: 'WRONG_PASSWORD' } },
    });
    const error = (await api.post('/account/update_password', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(403);
    expect(error.code).toBe('WRONG_PASSWORD');
    expect(error.message).toBe('The current password is wrong');
    expect(toaster.show).toHaveBeenCalledWith('The current password is wrong', 'error');
  });

  it('an error with a Blob body is read before it is shown', async () => {
    const { api, toaster } = setup({
      'GET /v4/reports/file': { status: 400, body: new Blob([JSON.stringify({ error: 'No rounds in range', code: 'VALIDATION_ERROR' })]) },
    });
    await expect(api.get('/reports/file', { responseType: 'blob' })).rejects.toThrow('No rounds in range');
    expect(toaster.show).toHaveBeenCalledWith('No rounds in range', 'error');
  });

  it('reads messages from Blob, JSON, plain text, and none from HTML or empty bodies', async () => {
    expect(await errorMessageFromBody(new Blob(['{"error":"From a blob"}']))).toBe('From a blob');
    expect(await errorMessageFromBody(new Blob(['plain words']))).toBe('plain words');
    expect(await errorMessageFromBody({ error: 'object' })).toBe('object');
    expect(await errorMessageFromBody('<html>Bad gateway</html>')).toBeNull();
    expect(await errorMessageFromBody('')).toBeNull();
    expect(await errorMessageFromBody('{"code":"X"}')).toBeNull();
  });

  it('other errors are logged and show the caller fallback', async () => {
    const { api, toaster, log } = setup({ 'GET /v4/events': { status: 502, text: '' } });
    await expect(api.get('/events', { fallbackMessage: 'Could not load events' })).rejects.toThrow('Could not load events');
    expect(log).toHaveBeenCalledWith('GET /events failed with status 502', '');
    expect(toaster.show).toHaveBeenCalledWith('Could not load events', 'error');
  });

  it('401 logs out (session handler) and raises, without a toast', async () => {
    const { api, toaster, handlers } = setup({ 'GET /v4/events': { status: 401, json: { error: 'Unauthorized', code: 'UNAUTHORIZED' } } });
    const error = (await api.get('/events').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(handlers.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(toaster.show).not.toHaveBeenCalled();
  });

  it('a 401 for a call sent with a token that has since been replaced does not log out the new session', async () => {
    let token = 'old-token';
    let answer!: (response: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    const handlers = { onUnauthorized: vi.fn(), onNotLoggedIn: vi.fn() };
    const api = createApiClient({ fetch: fetchMock, getToken: () => token, toaster: { show: vi.fn() }, log: vi.fn() });
    api.setSessionHandlers(handlers);
    const call = api.get('/events').catch((e: unknown) => e);
    token = 'new-token';
    answer(new Response(JSON.stringify({ error: 'Not logged in', code: 'UNAUTHORIZED' }), { status: 401 }));
    expect(await call).toMatchObject({ status: 401 });
    expect(handlers.onUnauthorized).not.toHaveBeenCalled();
  });

  it("401 with on401 'throw' only raises", async () => {
    const { api, handlers } = setup({ 'GET /v4/account': { status: 401, json: { error: 'Unauthorized', code: 'UNAUTHORIZED' } } });
    await expect(api.get('/account', { on401: 'throw', quiet: true })).rejects.toMatchObject({ status: 401 });
    expect(handlers.onUnauthorized).not.toHaveBeenCalled();
  });

  it('a 401 on a public call (wrong password at login) is an ordinary error', async () => {
    const { api, handlers, toaster } = setup(
      { 'POST /v4/account/login': { status: 401, json: { error: 'Wrong e-mail or password', code: 'INVALID_CREDENTIALS' } } },
      null,
    );
    await expect(api.post('/account/login', {}, { auth: false })).rejects.toThrow('Wrong e-mail or password');
    expect(handlers.onUnauthorized).not.toHaveBeenCalled();
    expect(toaster.show).toHaveBeenCalledWith('Wrong e-mail or password', 'error');
  });

  it("not logged in: 'Not logged in!' after logout and navigation, without calling the API", async () => {
    const { api, fetchMock, handlers } = setup({}, null);
    const order: string[] = [];
    handlers.onNotLoggedIn.mockImplementation(() => order.push('logout+navigate'));
    const error = await api.get('/events').catch((e: unknown) => {
      order.push('raised');
      return e;
    });
    expect(error).toBeInstanceOf(NotLoggedInError);
    expect((error as Error).message).toBe('Not logged in!');
    expect(order).toEqual(['logout+navigate', 'raised']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('quiet calls raise without toasts', async () => {
    const { api, toaster } = setup({ 'GET /v4/account/subscription': { status: 500, json: { error: 'boom', code: 'INTERNAL_ERROR' } } });
    await expect(api.get('/account/subscription', { quiet: true })).rejects.toThrow('boom');
    expect(toaster.show).not.toHaveBeenCalled();
  });
});

describe('the API address', () => {
  it("is the page's own /v4 by default, and the API's public address when the build names one (the native app)", async () => {
    vi.resetModules();
    expect((await import('./api-client.ts')).API_BASE).toBe('/v4');
    vi.stubEnv('VITE_API_URL', 'https://app.holeout.golf/');
    vi.resetModules();
    try {
      expect((await import('./api-client.ts')).API_BASE).toBe('https://app.holeout.golf/v4');
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});
