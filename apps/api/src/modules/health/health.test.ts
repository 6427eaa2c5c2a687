import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';

const TOKEN = 'metrics-token-0123456789';

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('/healthz and /readyz', () => {
  it('answer 200 { status: ok } without a token, not cached and not logged', async () => {
    server = await createTestServer({ config: { logLevel: 'info' } });
    const before = server.logs.length;
    for (const url of ['/healthz', '/readyz']) {
      const res = await server.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // A balancer asks every second: its checks leave no log line.
    expect(server.logs.slice(before).filter((line) => line.includes('/healthz') || line.includes('/readyz'))).toEqual([]);
    const other = await server.app.inject({ url: '/v4/account' });
    expect(other.statusCode).toBe(401);
    expect(server.logs.slice(before).some((line) => line.includes('/v4/account'))).toBe(true);
  });

  it('/readyz answers 503 while the process drains, /healthz still 200', async () => {
    server = await createTestServer();
    server.app.readiness.draining = true;
    const ready = await server.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', reason: 'shutting down' });
    expect((await server.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('/readyz answers 503 until every migration of the build is applied', async () => {
    server = await createTestServer();
    const rows = await server.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const all = Number((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n);
    await server.db.execute(sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`);
    const res = await server.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', reason: `migrations applied: ${all - 1} of ${all}` });
  });

  it('/readyz answers 503 when the database does not answer, and 200 again when it does', async () => {
    server = await createTestServer();
    const db = server.db as unknown as { execute: (...args: unknown[]) => Promise<unknown> };
    const execute = db.execute.bind(db);
    db.execute = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    const down = await server.app.inject({ url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', reason: 'database unreachable' });
    db.execute = execute;
    expect((await server.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('/metrics', () => {
  it('is not served without METRICS_TOKEN (404), and answers 401 to a missing or wrong token', async () => {
    server = await createTestServer();
    const none = await server.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'NOT_FOUND' });
    await server.close();

    server = await createTestServer({ config: { metricsToken: TOKEN } });
    for (const headers of [{}, bearer('wrong'), bearer(`${TOKEN}x`), { authorization: TOKEN }, bearer(TOKEN.slice(0, -1))]) {
      const res = await server.app.inject({ url: '/metrics', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      expect(res.body).not.toContain('holeout_');
    }
  });

  it('counts requests by route pattern and status and times them; the probes are not counted', async () => {
    server = await createTestServer({ config: { metricsToken: TOKEN } });
    const { token } = await signedInUser(server);
    await server.app.inject({ url: '/v4/media/no-such-logo-1.png', headers: bearer(token) });
    await server.app.inject({ url: '/v4/media/no-such-logo-2.png', headers: bearer(token) });
    await server.app.inject({ url: '/v4/no-such-path' });
    await server.app.inject({ url: '/healthz' });
    const res = await server.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    // Two names, one series: the pattern, never the URL.
    expect(text).toContain('holeout_http_requests_total{method="GET",route="/v4/media/:name",status="404"} 2');
    expect(text).not.toContain('no-such-logo');
    expect(text).toContain('holeout_http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(text).toContain('holeout_http_requests_total{method="POST",route="/v4/account/login",status="200"} 1');
    expect(text).toMatch(/holeout_http_request_duration_seconds_count\{method="GET",route="\/v4\/media\/:name"\} 2/);
    expect(text).not.toContain('route="/healthz"');
    expect(text).toContain('# TYPE holeout_job_queue_depth gauge');
    expect(text).toContain('holeout_process_cpu_seconds_total');
  });

  it('counts mails and pushes by outcome, and reports the pool and the queues it is given', async () => {
    server = await createTestServer({ config: { metricsToken: TOKEN } });
    const app = server.app;
    app.metrics.useSources({ poolUse: () => ({ total: 7, idle: 5, waiting: 1 }), queueDepths: async () => ({ 'push-delivery': 3 }) });
    const ok = app.metrics.countMail({ send: async () => {} });
    const failing = app.metrics.countMail({
      send: async () => {
        throw new Error('SMTP down');
      },
    });
    await ok.send({ to: 'a@example.com', subject: 's', text: 't', purpose: 'verify' });
    await expect(failing.send({ to: 'a@example.com', subject: 's', text: 't', purpose: 'notice' })).rejects.toThrow('SMTP down');
    const push = app.metrics.countPush({ send: async () => 'unregistered' });
    await push.send({ platform: 'android', push_token: 't', title: 'x', body: 'y', data: { nav_loc: '/', notify_id: '1' } });
    const text = (await app.inject({ url: '/metrics', headers: bearer(TOKEN) })).body;
    expect(text).toContain('holeout_mail_messages_total{purpose="verify",outcome="sent"} 1');
    expect(text).toContain('holeout_mail_messages_total{purpose="notice",outcome="failed"} 1');
    expect(text).toContain('holeout_push_deliveries_total{platform="android",outcome="unregistered"} 1');
    expect(text).toContain('holeout_db_pool_connections{state="waiting"} 1');
    expect(text).toContain('holeout_db_pool_connections{state="total"} 7');
    expect(text).toContain('holeout_job_queue_depth{queue="push-delivery"} 3');
  });
});
