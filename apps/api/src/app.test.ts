import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNotification, buildOrg, buildUser, loginAs } from './test/factories.ts';
import { bearer, createTestServer, type TestServer } from './test/test-server.ts';

let server: TestServer;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'holeout-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Holeout</title><div id="root"></div>');
  await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("holeout")');
  server = await createTestServer({
    config: { webDist, corsOrigins: ['capacitor://localhost'] },
    notFoundLimit: { max: 3, windowMs: 60_000 },
    beforeReady: (app) => {
      app.get('/v4/test/boom', async () => {
        throw new Error('database password is hunter2 at /srv/secret.ts:42');
      });
    },
  });
});
afterAll(async () => {
  await server.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('errors', () => {
  it('answers 5xx without internals and logs them with the request id', async () => {
    const res = await server.app.inject({ url: '/v4/test/boom', headers: { 'x-request-id': 'trace-boom-1' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Internal server error', code: 'INTERNAL_ERROR' });
    expect(res.body).not.toContain('hunter2');
    expect(res.headers['x-request-id']).toBe('trace-boom-1');
    const logged = server.logs
      .map((l) => JSON.parse(l) as { reqId?: string; msg?: string; err?: { message?: string } })
      .find((l) => l.reqId === 'trace-boom-1' && l.msg === 'internal error');
    expect(logged?.err?.message).toContain('hunter2');
  });

  it('answers malformed JSON with 400', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/v4/account/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('answers a missing field with 400 naming it', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/v4/account/login', payload: { email: 'a@example.test' } });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: string; details: Array<{ field: string; in: string }> };
    expect(body.error).toMatch(/^password: /);
    expect(body.details).toEqual([expect.objectContaining({ field: 'password', in: 'body' })]);
  });

  it('gives every answer a request id', async () => {
    const res = await server.app.inject({ url: '/v4/account' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the helmet headers on API answers too', async () => {
    const res = await server.app.inject({ url: '/v4/account' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('unknown paths', () => {
  it('answers unknown /v4 paths with 404 NOT_FOUND and rate-limits them', async () => {
    const ip = '203.0.113.44';
    for (let i = 0; i < 3; i += 1) {
      const res = await server.app.inject({ method: 'POST', url: `/v4/no-such-thing-${i}`, remoteAddress: ip });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: `No such path: POST /v4/no-such-thing-${i}`, code: 'NOT_FOUND' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const limited = await server.app.inject({ url: '/v4/no-such-thing', remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});

describe('web app and headers', () => {
  it('serves index.html at / with no-cache and a CSP that lets the app run', async () => {
    const res = await server.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('caches hashed assets for a year', async () => {
    const res = await server.app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('falls back to index.html for client routes, but not for /v4', async () => {
    // Deep links are not counted by the 404 limit (3 in this server).
    for (let i = 0; i < 5; i += 1) {
      const route = await server.app.inject({ url: '/player-putting?rounds=1,2', remoteAddress: '203.0.113.90' });
      expect(route.statusCode).toBe(200);
      expect(route.body).toContain('<div id="root">');
      expect(route.headers['cache-control']).toBe('no-cache');
    }
    const api = await server.app.inject({ url: '/v4/player-putting', remoteAddress: '203.0.113.91' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('allows the configured CORS origins only', async () => {
    const allowed = await server.app.inject({
      method: 'OPTIONS',
      url: '/v4/account',
      headers: { origin: 'capacitor://localhost', 'access-control-request-method': 'GET' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('capacitor://localhost');
    const other = await server.app.inject({ url: '/v4/account', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves Swagger UI at /v4/docs', async () => {
    const res = await server.app.inject({ url: '/v4/docs' });
    expect(res.statusCode).toBe(200);
    // External scripts only: the CSP (script-src 'self') lets Swagger UI run.
    expect(res.body).toMatch(/<script src="[^"]*swagger-ui-bundle.js"/);
    expect(res.body).not.toMatch(/<script>/);
    const bundle = await server.app.inject({ url: '/v4/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
  });
});

describe('menu calls', () => {
  it("GET /notifications/count_unread counts the caller's unopened notifications only", async () => {
    const golfer = await buildUser(server.db);
    const other = await buildUser(server.db);
    await buildNotification(server.db, { uid: golfer.uid });
    await buildNotification(server.db, { uid: golfer.uid });
    await buildNotification(server.db, { uid: golfer.uid, opened: true });
    await buildNotification(server.db, { uid: other.uid });
    const res = await server.app.inject({ url: '/v4/notifications/count_unread', headers: bearer(await loginAs(server, golfer)) });
    expect(res.json()).toEqual({ count: 2 });
    expect((await server.app.inject({ url: '/v4/notifications/count_unread' })).statusCode).toBe(401);
  });

  it('GET /orgs lists the organisations the caller belongs to', async () => {
    const golfer = await buildUser(server.db);
    const stranger = await buildUser(server.db);
    const mine = await buildOrg(server.db, { name: 'Links Academy', members: [{ uid: golfer.uid }] });
    await buildOrg(server.db, { name: 'Elsewhere GC', members: [{ uid: stranger.uid }] });
    const res = await server.app.inject({ url: '/v4/orgs', headers: bearer(await loginAs(server, golfer)) });
    expect(res.json()).toEqual([
      {
        org_id: mine,
        name: 'Links Academy',
        media_id: null,
        logo_url: null,
        colour: null,
        sub_id: null,
        role: 'player',
        is_purchaser: false,
        seat: null,
      },
    ]);
    expect((await server.app.inject({ url: '/v4/orgs' })).statusCode).toBe(401);
  });
});
