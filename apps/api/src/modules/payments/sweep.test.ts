import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_LEVELS } from '@holeout/golf';
import { notifications, orgMembers, subscriptions } from '../../db/schema/index.ts';
import { buildSubscription, issueTokenFor } from '../../test/factories.ts';
import { createPaymentsHarness, type Payer, type PaymentsHarness } from './payments-testing.ts';

let h: PaymentsHarness;
beforeAll(async () => {
  h = await createPaymentsHarness();
});
afterAll(async () => h.close());

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PREMIUM_MONTHLY = 2;
const TEAM = 5;

const sweep = () => h.server.app.payments.sweep();

/** Moves the test clock (it only goes forward) to `time`. */
function moveTo(time: number): void {
  const now = h.server.clock.now().getTime();
  if (time < now) throw new Error(`the clock cannot go back ${now - time} ms`);
  h.server.clock.advance(time - now);
}

/** The date as the notices write it: "March 5, 2026". */
const longDate = (date: Date) =>
  `${date.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;

const noticesOf = (uid: number) =>
  h.server.db
    .select({
      type: notifications.type,
      title: notifications.title,
      body: notifications.body,
      nav_loc: notifications.nav_loc,
      email_state: notifications.email_state,
    })
    .from(notifications)
    .where(eq(notifications.uid, uid))
    .orderBy(notifications.notify_id);

const subscriptionRow = async (subId: number) =>
  (await h.server.db.select().from(subscriptions).where(eq(subscriptions.sub_id, subId)))[0]!;

/** A payer whose Stripe premium subscription is cancelled at its period end: ACTIVE_EXPIRING until `end`. */
async function cancelledAtPeriodEnd(planIndex = PREMIUM_MONTHLY, over: { is_coach?: boolean } = {}) {
  const payer = await h.payer(over);
  const stripeSub = await h.subscribe(payer, planIndex);
  await h.deliver(h.stripe.setCancelAtPeriodEnd(stripeSub, true));
  const [row] = await h.rows(payer.uid);
  expect(row).toMatchObject({ status: 'ACTIVE_EXPIRING', renews: false });
  return { payer, stripeSub, subId: row!.sub_id, end: row!.expires_at! };
}

/** A subscription straight in the database, not renewing, ending at `end`. */
async function builtSubscription(source: string, end: Date, status = 'ACTIVE_EXPIRING') {
  const payer = await h.payer();
  const subId = await buildSubscription(h.server.db, { purchaser: payer.uid, status, source });
  await h.server.db.update(subscriptions).set({ expires_at: end, renews: false }).where(eq(subscriptions.sub_id, subId));
  return { payer, subId };
}

/** A fresh token: the test clock moves by weeks, and tokens end after 30 idle days. */
async function freshToken(who: Payer): Promise<Payer> {
  return { ...who, token: await issueTokenFor(h.server, who.uid) };
}

async function premium(who: Payer): Promise<number> {
  return (await h.post(await freshToken(who), '/folders', { name: 'Putting', usershares: [], orgshares: [] })).statusCode;
}

describe('the subscription sweep', () => {
  it('a subscription cancelled at its period end: SUB_EXPIRING once 7 days before, then EXPIRED and SUB_EXPIRED once', async () => {
    const { payer, subId, end } = await cancelledAtPeriodEnd();
    // A month's period: far from the end, nothing.
    expect(end.getTime() - h.server.clock.now().getTime()).toBeGreaterThan(27 * DAY);
    await sweep();
    expect(await noticesOf(payer.uid)).toEqual([]);

    moveTo(end.getTime() - 8 * DAY);
    await sweep();
    expect(await noticesOf(payer.uid)).toEqual([]);

    moveTo(end.getTime() - 7 * DAY);
    await sweep();
    const expiring = {
      type: 'SUB_EXPIRING',
      title: `Your Premium subscription ends on ${longDate(end)}`,
      body: expect.stringContaining('It will not renew.') as unknown,
      nav_loc: 'subscriptions',
      email_state: expect.any(String) as unknown,
    };
    expect(await noticesOf(payer.uid)).toEqual([expiring]);
    expect((await subscriptionRow(subId)).expiring_notice_for).toEqual(end);

    // Again, and a day later: no second one for the same end.
    await sweep();
    moveTo(end.getTime() - 6 * DAY);
    await sweep();
    expect(await noticesOf(payer.uid)).toEqual([expiring]);
    // Still active until the end.
    expect((await subscriptionRow(subId)).status).toBe('ACTIVE_EXPIRING');
    expect(await premium(payer)).toBe(200);

    // Past the end (Stripe's deletion not arrived): the sweep ends it, and tells once.
    moveTo(end.getTime() + MINUTE);
    await sweep();
    expect(await subscriptionRow(subId)).toMatchObject({ status: 'EXPIRED', renews: false, expires_at: end, expired_notice_for: end });
    const expired = {
      type: 'SUB_EXPIRED',
      title: 'Your Premium subscription has ended',
      body: expect.stringContaining(`It ended on ${longDate(end)}.`) as unknown,
      nav_loc: 'subscriptions',
      email_state: expect.any(String) as unknown,
    };
    expect(await noticesOf(payer.uid)).toEqual([expiring, expired]);
    expect(await h.subscriptionOf(await freshToken(payer))).toMatchObject({ sub_id: subId, status: 'EXPIRED' });
    expect(await premium(payer)).toBe(403);

    await sweep();
    moveTo(end.getTime() + DAY);
    await sweep();
    expect(await noticesOf(payer.uid)).toEqual([expiring, expired]);
  });

  it.each(['OTHER', 'IAPTIC_IOS'])(
    'a non-renewing %s subscription: SUB_EXPIRING inside the 7 days, EXPIRED and SUB_EXPIRED after its end, each once',
    async (source) => {
      const end = new Date(h.server.clock.now().getTime() + 3 * DAY);
      const { payer, subId } = await builtSubscription(source, end);
      await sweep();
      await sweep();
      expect(await noticesOf(payer.uid)).toEqual([
        expect.objectContaining({
          type: 'SUB_EXPIRING',
          title: `Your Premium subscription ends on ${longDate(end)}`,
          nav_loc: 'subscriptions',
        }),
      ]);
      moveTo(end.getTime() + HOUR);
      await sweep();
      await sweep();
      expect(await subscriptionRow(subId)).toMatchObject({ status: 'EXPIRED', source });
      expect((await noticesOf(payer.uid)).map((n) => n.type)).toEqual(['SUB_EXPIRING', 'SUB_EXPIRED']);
      expect(await h.subscriptionOf(await freshToken(payer))).toMatchObject({ sub_id: subId, status: 'EXPIRED' });
      expect(await premium(payer)).toBe(403);
    },
  );

  it('a subscription whose period is over but renews (ACTIVE) is left to the provider: not expired, no notice', async () => {
    const payer = await h.payer();
    await h.subscribe(payer, PREMIUM_MONTHLY);
    const [row] = await h.rows(payer.uid);
    expect(row).toMatchObject({ status: 'ACTIVE', renews: true });
    const other = await h.payer();
    const otherSub = await buildSubscription(h.server.db, { purchaser: other.uid, status: 'ACTIVE', source: 'OTHER' });
    await h.server.db.update(subscriptions).set({ expires_at: row!.expires_at, renews: true }).where(eq(subscriptions.sub_id, otherSub));
    moveTo(row!.expires_at!.getTime() + 2 * DAY);
    await sweep();
    expect((await h.rows(payer.uid))[0]).toEqual(row);
    expect(await subscriptionRow(otherSub)).toMatchObject({ status: 'ACTIVE', renews: true });
    expect(await noticesOf(payer.uid)).toEqual([]);
    expect(await noticesOf(other.uid)).toEqual([]);
    expect(await premium(payer)).toBe(200);
    expect(await premium(other)).toBe(200);
  });

  it('renewed and cancelled again: a new SUB_EXPIRING for the new end', async () => {
    const { payer, stripeSub, subId, end } = await cancelledAtPeriodEnd();
    moveTo(end.getTime() - 5 * DAY);
    await sweep();
    expect((await noticesOf(payer.uid)).map((n) => n.title)).toEqual([`Your Premium subscription ends on ${longDate(end)}`]);

    // Renewal back on, the period passes and Stripe charges the next one.
    await h.deliver(h.stripe.setCancelAtPeriodEnd(stripeSub, false));
    expect(await subscriptionRow(subId)).toMatchObject({ status: 'ACTIVE', renews: true });
    moveTo(end.getTime() + HOUR);
    await sweep();
    expect((await subscriptionRow(subId)).status).toBe('ACTIVE');
    await h.deliver(h.stripe.renew(stripeSub));
    const renewed = await subscriptionRow(subId);
    expect(renewed.status).toBe('ACTIVE');
    const newEnd = renewed.expires_at!;
    expect(newEnd.getTime()).toBeGreaterThan(end.getTime() + 27 * DAY);

    // Cancelled again: nothing until 7 days before the new end, then one for it.
    await h.deliver(h.stripe.setCancelAtPeriodEnd(stripeSub, true));
    expect((await subscriptionRow(subId)).status).toBe('ACTIVE_EXPIRING');
    await sweep();
    expect(await noticesOf(payer.uid)).toHaveLength(1);
    moveTo(newEnd.getTime() - 7 * DAY + MINUTE);
    await sweep();
    await sweep();
    expect((await noticesOf(payer.uid)).map((n) => [n.type, n.title])).toEqual([
      ['SUB_EXPIRING', `Your Premium subscription ends on ${longDate(end)}`],
      ['SUB_EXPIRING', `Your Premium subscription ends on ${longDate(newEnd)}`],
    ]);
    expect((await subscriptionRow(subId)).expiring_notice_for).toEqual(newEnd);
  });

  it("an organisation subscription: the notices name the organisation, and the end takes the members' seats with it", async () => {
    const { payer: coach, subId, end } = await cancelledAtPeriodEnd(TEAM, { is_coach: true });
    const created = await h.post(coach, '/orgs', { name: 'Pine Valley Academy', media_id: null });
    expect(created.statusCode).toBe(200);
    const orgId = (created.json() as { org_id: number }).org_id;
    const player = await h.payer({ first_name: 'Nia' });
    await h.server.db.insert(orgMembers).values({ org_id: orgId, uid: player.uid });
    expect((await h.post(coach, `/orgs/seat?org_id=${orgId}`, { uid: player.uid, seat: 'PREMIUM' })).statusCode).toBe(200);
    expect(await h.subIdOf(player.uid)).toBe(subId);

    moveTo(end.getTime() - 2 * DAY);
    await sweep();
    const [expiring] = await noticesOf(coach.uid);
    expect(expiring).toMatchObject({ type: 'SUB_EXPIRING', title: `Your Team subscription ends on ${longDate(end)}` });
    expect(expiring!.body).toContain("Your organisation Pine Valley Academy and its members' seats depend on it.");
    // The notices go to the purchaser only.
    expect(await noticesOf(player.uid)).toEqual([]);
    expect(await premium(player)).toBe(200);

    moveTo(end.getTime() + MINUTE);
    await sweep();
    expect((await subscriptionRow(subId)).status).toBe('EXPIRED');
    const notices = await noticesOf(coach.uid);
    expect(notices.map((n) => n.type)).toEqual(['SUB_EXPIRING', 'SUB_EXPIRED']);
    expect(notices[1]).toMatchObject({ title: 'Your Team subscription has ended' });
    expect(notices[1]!.body).toContain('Pine Valley Academy');
    expect(await noticesOf(player.uid)).toEqual([]);
    // The seat holder's access went with the subscription, in the sweep's own transaction.
    expect(await h.subIdOf(player.uid)).toBeNull();
    expect(await premium(player)).toBe(403);
  });

  it('two sweeps at once send each notice once', async () => {
    const stripe = await cancelledAtPeriodEnd();
    moveTo(stripe.end.getTime() - 6 * DAY);
    const now = h.server.clock.now().getTime();
    // Three more inside the 7 days, one just ended.
    const soon = await Promise.all([1, 2, 3].map((days) => builtSubscription('OTHER', new Date(now + days * DAY))));
    const ended = await builtSubscription('OTHER', new Date(now - HOUR));

    const results = await Promise.all([sweep(), sweep()]);
    expect(results.reduce((n, r) => n + r.expired, 0)).toBeGreaterThanOrEqual(1);
    for (const s of [...soon, stripe]) expect((await noticesOf(s.payer.uid)).map((n) => n.type)).toEqual(['SUB_EXPIRING']);
    expect((await noticesOf(ended.payer.uid)).map((n) => n.type)).toEqual(['SUB_EXPIRED']);
    expect((await subscriptionRow(ended.subId)).status).toBe('EXPIRED');

    await Promise.all([sweep(), sweep(), sweep()]);
    for (const s of [...soon, stripe]) expect(await noticesOf(s.payer.uid)).toHaveLength(1);
    expect(await noticesOf(ended.payer.uid)).toHaveLength(1);
  });

  it('the e-mail copy follows the notification settings: off for SUB_EXPIRING means no mail of it; defaults mail it', async () => {
    const quiet = await h.payer({ first_name: 'Quinn' });
    const saved = await h.post(quiet, '/account/settings', { notify: { SUB_EXPIRING: { email: false, push: false } } });
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as { notify: Record<string, unknown> }).notify.SUB_EXPIRING).toEqual({ email: false, push: false });
    const loud = await h.payer({ first_name: 'Lou' });
    const now = h.server.clock.now().getTime();
    const end = new Date(now + 4 * DAY);
    for (const who of [quiet, loud]) {
      const subId = await buildSubscription(h.server.db, { purchaser: who.uid, status: 'ACTIVE_EXPIRING', source: 'OTHER' });
      await h.server.db.update(subscriptions).set({ expires_at: end, renews: false }).where(eq(subscriptions.sub_id, subId));
    }
    const pumpAll = async () => {
      await h.server.app.notifier.idle();
      while ((await h.server.app.notifier.pump()) > 0);
      await h.server.app.notifier.idle();
    };
    const mailsTo = (who: Payer) => h.server.mails.filter((m) => m.to === who.email);

    await sweep();
    await pumpAll();
    const title = `Your Premium subscription ends on ${longDate(end)}`;
    expect(mailsTo(quiet)).toEqual([]);
    expect(mailsTo(loud).map((m) => m.subject)).toEqual([title]);
    expect(mailsTo(loud)[0]!.text).toContain('It will not renew.');
    // The in-app notification is there for both; only its e-mail copy was skipped.
    expect(await noticesOf(quiet.uid)).toEqual([expect.objectContaining({ type: 'SUB_EXPIRING', title, email_state: 'skipped' })]);
    expect(await noticesOf(loud.uid)).toEqual([expect.objectContaining({ type: 'SUB_EXPIRING', title, email_state: 'sent' })]);

    // SUB_EXPIRED keeps its own (default) setting: both are mailed it.
    moveTo(end.getTime() + MINUTE);
    await sweep();
    await pumpAll();
    expect(mailsTo(quiet).map((m) => m.subject)).toEqual(['Your Premium subscription has ended']);
    expect(mailsTo(loud).map((m) => m.subject)).toEqual([title, 'Your Premium subscription has ended']);
  });

  it("Stripe's deletion arriving after the sweep ended the subscription at its period end sends no second SUB_EXPIRED", async () => {
    const { payer, stripeSub, subId, end } = await cancelledAtPeriodEnd();
    moveTo(end.getTime());
    await sweep();
    expect(await subscriptionRow(subId)).toMatchObject({ status: 'EXPIRED', expires_at: end });
    // Stripe ends it at this very second: ended_at is the period end.
    await h.deliver(h.stripe.cancel(stripeSub));
    await sweep();
    expect(await subscriptionRow(subId)).toMatchObject({ status: 'EXPIRED', expires_at: end });
    // The clock jumped past the 7 days before the end: only the end is told.
    expect((await noticesOf(payer.uid)).map((n) => n.type)).toEqual(['SUB_EXPIRED']);
  });

  // SUB_EXPIRED goes once per period end: Stripe's deletion coming after the end the sweep already
  // told about keeps that end (ended_at only counts when it is before the period end).
  it("Stripe's deletion processed a minute after the period end, after the sweep ended it, sends no second SUB_EXPIRED", async () => {
    const { payer, stripeSub, subId, end } = await cancelledAtPeriodEnd();
    moveTo(end.getTime() + MINUTE);
    await sweep();
    expect(await subscriptionRow(subId)).toMatchObject({ status: 'EXPIRED', expired_notice_for: end });
    await h.deliver(h.stripe.cancel(stripeSub));
    await sweep();
    expect((await subscriptionRow(subId)).status).toBe('EXPIRED');
    expect((await noticesOf(payer.uid)).map((n) => n.type)).toEqual(['SUB_EXPIRED']);
  });

  it('the notice names the plan by its level: Premium, Basic', async () => {
    const end = new Date(h.server.clock.now().getTime() + 2 * DAY);
    const { payer } = await builtSubscription('OTHER', end);
    const basic = await h.payer();
    const basicSub = await buildSubscription(h.server.db, {
      purchaser: basic.uid,
      status: 'ACTIVE_EXPIRING',
      source: 'OTHER',
      level: SUBSCRIPTION_LEVELS.BASIC,
    });
    await h.server.db.update(subscriptions).set({ expires_at: end, renews: false }).where(eq(subscriptions.sub_id, basicSub));
    await sweep();
    expect((await noticesOf(payer.uid)).map((n) => n.title)).toEqual([`Your Premium subscription ends on ${longDate(end)}`]);
    expect((await noticesOf(basic.uid)).map((n) => n.title)).toEqual([`Your Basic subscription ends on ${longDate(end)}`]);
  });
});
