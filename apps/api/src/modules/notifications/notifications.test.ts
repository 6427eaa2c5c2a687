import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import { EMAIL_MAX_ATTEMPTS, Notifier } from './notifier.ts';
import { buildNotification, buildOrg, signedInUser } from '../../test/factories.ts';
import { bearer, createTestServer, type TestServer } from '../../test/test-server.ts';
import { createEvent } from '../../test/events-testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const signedIn = (over: Parameters<typeof signedInUser>[1] = {}) => signedInUser(server, over);
const get = (token: string, url: string) => server.app.inject({ url, headers: bearer(token) });
type Listed = { notifications: Array<{ notify_id: number; title: string; opened_at: string | null; type: string; nav_loc: string }> };

describe('the notification list', () => {
  it("pages 20 at a time, newest first, by offset; an empty page ends it; nobody sees another's", async () => {
    const me = await signedIn();
    const other = await signedIn();
    const ids: number[] = [];
    for (let i = 0; i < 45; i++) {
      server.clock.advance(1000);
      const [row] = await server.db
        .insert(notifications)
        .values({ uid: me.uid, type: 'EVENT_SHARED', title: `n${i}`, created_at: server.clock.now(), email_state: 'skipped' })
        .returning();
      ids.push(row!.notify_id);
    }
    await buildNotification(server.db, { uid: other.uid, title: 'not yours' });
    const pages: number[][] = [];
    for (let start = 0; ;) {
      const page = (await get(me.token, `/v4/notifications?start=${start}`)).json() as Listed;
      if (page.notifications.length === 0) break;
      pages.push(page.notifications.map((n) => n.notify_id));
      start += page.notifications.length;
    }
    expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
    expect(pages.flat()).toEqual([...ids].reverse());
    expect((await get(me.token, '/v4/notifications')).json().notifications[0].title).toBe('n44');
    for (const bad of ['-1', 'x', '1.5']) expect((await get(me.token, `/v4/notifications?start=${bad}`)).statusCode, bad).toBe(400);
  });

  it("read marks only the caller's own and answers the new count; read_all clears the rest", async () => {
    const me = await signedIn();
    const other = await signedIn();
    const a = await buildNotification(server.db, { uid: me.uid });
    const b = await buildNotification(server.db, { uid: me.uid });
    await buildNotification(server.db, { uid: me.uid });
    const theirs = await buildNotification(server.db, { uid: other.uid });
    expect((await get(me.token, '/v4/notifications/count_unread')).json()).toEqual({ count: 3 });
    const read = await get(me.token, `/v4/notifications/read?notify_id=${a},${b},${theirs}`);
    expect(read.json()).toEqual({ count: 1 });
    expect((await get(other.token, '/v4/notifications/count_unread')).json()).toEqual({ count: 1 });
    const opened = ((await get(me.token, '/v4/notifications')).json() as Listed).notifications
      .filter((n) => n.opened_at !== null)
      .map((n) => n.notify_id);
    expect(opened.sort()).toEqual([a, b].sort());
    for (const bad of ['', 'a,b', '1,,2', Array.from({ length: 101 }, (_, i) => i + 1).join(',')]) {
      expect((await get(me.token, `/v4/notifications/read?notify_id=${bad}`)).statusCode, bad.slice(0, 10)).toBe(400);
    }
    expect((await get(me.token, '/v4/notifications/read_all')).json()).toEqual({ count: 0 });
    expect((await get(other.token, '/v4/notifications/count_unread')).json()).toEqual({ count: 1 });
    expect((await server.app.inject({ url: '/v4/notifications' })).statusCode).toBe(401);
  });
});

describe('notifications where things happen', () => {
  it("a round shared with the coaches (SHARE_COACHES) tells each coach of the player's organisations once, leading to the round", async () => {
    const player = await signedIn({ first_name: 'Nia' });
    const coach = await signedIn({ first_name: 'Casey', is_coach: true });
    const teammate = await signedIn({ first_name: 'Tom' });
    await buildOrg(server.db, { members: [{ uid: player.uid }, { uid: coach.uid, is_coach: true }, { uid: teammate.uid }] });
    const round = await createEvent(server, player.token, { share: 'SHARE_COACHES', usershares: [], orgshares: [] });
    const told = await server.db.select().from(notifications).where(eq(notifications.uid, coach.uid));
    expect(told.map((n) => [n.type, n.nav_loc])).toEqual([['ROUND_SHARED', `event?event_id=${round.event_id}`]]);
    expect(told[0]!.body).toContain('Nia Golfer shared');
    expect(await server.db.select().from(notifications).where(eq(notifications.uid, teammate.uid))).toEqual([]);
    // Editing it as the owner, scope unchanged: the coach hears of the edit (EVENT_UPDATED), not a second share.
    await server.app.inject({
      method: 'POST',
      url: `/v4/events?event_id=${round.event_id}`,
      headers: bearer(player.token),
      payload: { ...round, title: 'Medal round' },
    });
    const after = await server.db.select().from(notifications).where(eq(notifications.uid, coach.uid));
    expect(after.filter((n) => n.type === 'ROUND_SHARED')).toHaveLength(1);
  });

  it('a private round tells nobody; sharing it with the organisation later tells its coaches', async () => {
    const player = await signedIn({ first_name: 'Nia' });
    const coach = await signedIn({ first_name: 'Casey', is_coach: true });
    const orgId = await buildOrg(server.db, { members: [{ uid: player.uid }, { uid: coach.uid, is_coach: true }] });
    const round = await createEvent(server, player.token, { share: 'SHARE_SELF', usershares: [], orgshares: [] });
    expect(await server.db.select().from(notifications).where(eq(notifications.uid, coach.uid))).toEqual([]);
    const shared = await server.app.inject({
      method: 'POST',
      url: `/v4/events/batch?event_ids=${round.event_id}`,
      headers: bearer(player.token),
      payload: { usershares: [], orgshares: [{ org_id: orgId, permissions: 0 }] },
    });
    expect(shared.statusCode).toBe(200);
    const told = await server.db.select().from(notifications).where(eq(notifications.uid, coach.uid));
    expect(told.map((n) => n.type)).toEqual(['ROUND_SHARED']);
  });
});

describe('e-mail copies', () => {
  it('mails the types a user wants (defaults: membership yes, sharing no), with an unsubscribe link that works without login', async () => {
    const coach = await signedIn({ first_name: 'Casey', is_coach: true });
    const player = await signedIn({ first_name: 'Nia' });
    const orgId = await buildOrg(server.db, { members: [{ uid: coach.uid, is_coach: true }, { uid: player.uid }] });
    await server.app.notifier.idle();
    const before = server.mails.length;
    await createEvent(server, player.token, { share: 'SHARE_COACHES', usershares: [], orgshares: [] });
    await get(player.token, `/v4/orgs/leave?org_id=${orgId}`);
    await server.app.notifier.idle();
    await server.app.notifier.pump();
    const mails = server.mails.slice(before).filter((m) => m.to === coach.email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Nia Golfer left /)]);
    const mail = mails[0]!;
    expect(mail.headers?.['List-Unsubscribe']).toMatch(
      /^<http.*\/v4\/notifications\/unsubscribe\?token=[A-Za-z0-9_-]{32}&type=ORG_MEMBER_LEAVE>$/,
    );
    const link = /Stop these e-mails \(no login needed\): (\S+)/.exec(mail.text)![1]!;
    const path = link.slice(server.config.publicUrl.length);
    const page = await server.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<form method="post"');
    // Opening the page changes nothing; the button does.
    expect(
      ((await get(coach.token, '/v4/account/settings')).json() as { notify: Record<string, { email: boolean }> }).notify.ORG_MEMBER_LEAVE!
        .email,
    ).toBe(true);
    const done = await server.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    const notify = (
      (await get(coach.token, '/v4/account/settings')).json() as { notify: Record<string, { email: boolean; push: boolean }> }
    ).notify;
    expect(notify.ORG_MEMBER_LEAVE).toEqual({ email: false, push: true });
    expect(notify.ORG_INVITE_ACCEPT).toEqual({ email: true, push: true });
    for (const bad of ['token=nope', 'token=' + 'A'.repeat(32)]) {
      expect((await server.app.inject({ method: 'POST', url: `/v4/notifications/unsubscribe?${bad}&type=ALL` })).statusCode, bad).toBe(404);
    }
    expect((await server.app.inject({ url: `/v4/notifications/unsubscribe?token=x&type=NOPE` })).statusCode).toBe(400);
  });

  it("the settings turn a type's e-mail on or off; the pump sends each mail once and marks it", async () => {
    const coach = await signedIn({ first_name: 'Casey', is_coach: true });
    const player = await signedIn({ first_name: 'Nia' });
    await buildOrg(server.db, { members: [{ uid: coach.uid, is_coach: true }, { uid: player.uid }] });
    const saved = await server.app.inject({
      method: 'POST',
      url: '/v4/account/settings',
      headers: bearer(coach.token),
      payload: { notify: { ROUND_SHARED: { email: true, push: false } } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().notify.ROUND_SHARED).toEqual({ email: true, push: false });
    expect(saved.json().notify.EVENT_UPDATED).toEqual({ email: false, push: true });
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/v4/account/settings',
          headers: bearer(coach.token),
          payload: { notify: { ROUND_SHARED: { email: 'yes' } } },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/v4/account/settings',
          headers: bearer(coach.token),
          payload: { notify: { NOT_A_TYPE: { email: true, push: true } } },
        })
      ).statusCode,
    ).toBe(400);
    await server.app.notifier.idle();
    const before = server.mails.length;
    await createEvent(server, player.token, { share: 'SHARE_COACHES', usershares: [], orgshares: [] });
    await server.app.notifier.idle();
    await Promise.all([server.app.notifier.pump(), server.app.notifier.pump()]);
    const mails = server.mails.slice(before).filter((m) => m.to === coach.email);
    expect(mails.map((m) => m.subject)).toEqual(['A round was shared with you']);
    expect(mails[0]!.text).toMatch(/Open it in Holeout: http\S+\/event\?event_id=\d+/);
    const rows = await server.db.select().from(notifications).where(eq(notifications.uid, coach.uid));
    expect(rows.map((r) => r.email_state)).toEqual(['sent']);
  });
});

describe('the mail pump', () => {
  it('one failing address neither repeats nor holds back the others: it is retried later and given up after five tries', async () => {
    const good = await signedIn({ first_name: 'Gail' });
    const bad = await signedIn({ first_name: 'Bert' });
    const sent: MailMessage[] = [];
    const logged: Array<Record<string, unknown>> = [];
    const notifier = new Notifier({
      db: server.db,
      clock: server.clock.now,
      publicUrl: 'http://holeout.test',
      log: { error: (details) => logged.push(details) },
      mailer: {
        async send(message) {
          if (message.to === bad.email)
            throw Object.assign(new Error(`550 5.1.1 <${bad.email}>: Recipient address rejected`), {
              code: 'EENVELOPE',
              responseCode: 550,
            });
          sent.push(message);
        },
      },
    });
    await server.app.notifier.idle();
    const rows = await server.db
      .insert(notifications)
      .values([bad, good, bad].map((u, i) => ({ uid: u.uid, type: 'ORG_MEMBER_LEAVE', title: `t${i}`, created_at: server.clock.now() })))
      .returning({ notify_id: notifications.notify_id });
    const ids = rows.map((r) => r.notify_id);
    const stateOf = async () => {
      const all = await server.db.select().from(notifications);
      return ids.map((id) => {
        const r = all.find((n) => n.notify_id === id)!;
        return `${r.email_state}:${r.email_attempts}`;
      });
    };
    await notifier.pump();
    expect(sent.map((m) => m.subject)).toEqual(['t1']);
    expect(await stateOf()).toEqual(['pending:1', 'sent:0', 'pending:1']);
    // Not due yet: nothing is tried again at once.
    await notifier.pump();
    expect(sent).toHaveLength(1);
    for (let attempt = 2; attempt <= EMAIL_MAX_ATTEMPTS; attempt++) {
      server.clock.advance(60_000 * 2 ** (attempt - 1));
      await notifier.pump();
    }
    expect(await stateOf()).toEqual([`failed:${EMAIL_MAX_ATTEMPTS}`, 'sent:0', `failed:${EMAIL_MAX_ATTEMPTS}`]);
    expect(sent).toHaveLength(1);
    // The log has the SMTP codes, never the address.
    expect(logged.length).toBe(2 * EMAIL_MAX_ATTEMPTS);
    expect(JSON.stringify(logged)).not.toContain(bad.email);
    expect(logged[0]).toMatchObject({ code: 'EENVELOPE', responseCode: 550 });
  });

  it('takes back a claim left by a process that died mid-send', async () => {
    const user = await signedIn({ first_name: 'Cleo' });
    await server.app.notifier.idle();
    const [row] = await server.db
      .insert(notifications)
      .values({
        uid: user.uid,
        type: 'ORG_MEMBER_LEAVE',
        title: 'stranded',
        created_at: server.clock.now(),
        email_state: 'sending',
        email_next_at: new Date(server.clock.now().getTime() + 60_000),
      })
      .returning({ notify_id: notifications.notify_id });
    const before = server.mails.length;
    await server.app.notifier.pump();
    expect(server.mails.slice(before).map((m) => m.subject)).not.toContain('stranded');
    server.clock.advance(61_000);
    await server.app.notifier.pump();
    expect(server.mails.slice(before).map((m) => m.subject)).toContain('stranded');
    const [after] = await server.db.select().from(notifications).where(eq(notifications.notify_id, row!.notify_id));
    expect(after?.email_state).toBe('sent');
  });
});
