import { vi } from 'vitest';

/** A canned answer: a JSON body (or raw text / Blob) with a status. */
export interface Canned {
  status?: number;
  json?: unknown;
  text?: string;
  body?: BodyInit;
}

export type Routes = Record<string, Canned | ((request: { url: URL; init: RequestInit }) => Canned)>;

/**
 * A fetch stand-in keyed by "METHOD /path" (query ignored). Unknown calls answer 404 so a test
 * notices a call it did not expect.
 */
export function createFetchMock(routes: Routes) {
  return vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${(init.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    const route = routes[key];
    if (!route) return new Response(JSON.stringify({ error: `Unexpected ${key}`, code: 'NOT_FOUND' }), { status: 404 });
    const canned = typeof route === 'function' ? route({ url, init }) : route;
    // jsdom's Blob is not the one Node's Response accepts: hand over its bytes as text instead.
    const raw = canned.body instanceof Blob ? await canned.body.text() : canned.body;
    const body = raw ?? canned.text ?? (canned.json === undefined ? '' : JSON.stringify(canned.json));
    return new Response(body, { status: canned.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
}

export function callsTo(fetchMock: ReturnType<typeof createFetchMock>, key: string): { url: URL; init: RequestInit }[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init: init ?? {} }))
    .filter(({ url, init }) => `${(init.method ?? 'GET').toUpperCase()} ${url.pathname}` === key);
}
