import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSubscription, signedInUser } from '../../test/factories.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';
import { createEvent } from '../events/events-testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

describe('drills smoke', () => {
  it('creates a drill, places it, records a result', async () => {
    const p = await signedInUser(server);
    await buildSubscription(server.db, { purchaser: p.uid });
    const d = await server.app.inject({ method: 'POST', url: '/v4/drills', headers: bearer(p.token), payload: { title: 'Gate', fields: [{ key: 'made', label: 'Made', type: 'NUMBER', min: 0, max: 10, step: 1 }], score_field: 'made' } });
    expect(d.statusCode, d.body).toBe(200);
    const drillId = (d.json() as { drill_id: number }).drill_id;
    const ev = await createEvent(server, p.token, { event_type: 'PRACTICE', eventdrills: [{ drill_id: drillId }] });
    const ced = (ev as unknown as { eventdrills: Array<{ ced_id: number }> }).eventdrills[0]!.ced_id;
    const r = await server.app.inject({ method: 'POST', url: '/v4/drills/results', headers: bearer(p.token), payload: { ced_id: ced, values: { made: 7 } } });
    expect(r.statusCode, r.body).toBe(200);
    const bad = await server.app.inject({ method: 'POST', url: '/v4/drills/results', headers: bearer(p.token), payload: { ced_id: ced, values: { made: 11 } } });
    expect(bad.statusCode, bad.body).toBe(400);
    const list = await server.app.inject({ url: `/v4/drills/results?drill_id=${drillId}`, headers: bearer(p.token) });
    expect(list.json()).toMatchObject({ results: [{ score: 7 }] });
    const byCed = await server.app.inject({ url: `/v4/drills/results?ced_id=${ced}`, headers: bearer(p.token) });
    expect(byCed.json()).toMatchObject({ results: [{ score: 7 }] });
    const evs = await server.app.inject({ url: `/v4/drills/events?drill_id=${drillId}`, headers: bearer(p.token) });
    expect(evs.json()).toMatchObject({ events: [{ event_id: ev.event_id }] });
    const folders = await server.app.inject({ method: 'POST', url: '/v4/folders', headers: bearer(p.token), payload: { name: 'Putting' } });
    expect(folders.statusCode, folders.body).toBe(200);
    const both = await server.app.inject({ url: `/v4/drills?drill_id=1&ced_id=2`, headers: bearer(p.token) });
    expect(both.json()).toMatchObject({ error: 'Cannot specify both drill_id and ced_id' });
    const del = await server.app.inject({ method: 'DELETE', url: `/v4/drills?drill_id=${drillId}`, headers: bearer(p.token) });
    expect(del.statusCode).toBe(200);
  });
});
