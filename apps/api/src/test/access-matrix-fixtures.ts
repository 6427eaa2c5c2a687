import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { REFERENCE_COURSE, simulateRound, SUBSCRIPTION_LEVELS, type SubscriptionLevel } from '@holeout/golf';
import { diagnoses, subscriptions } from '../db/schema/index.ts';
import { acquaint, buildNotification, buildOrg, buildSubscription, buildUser, issueTokenFor, type BuiltUser } from './factories.ts';
import { buildRoundBody } from './events-testing.ts';
import type { FakeFirebase } from './firebase-fakes.ts';
import { bearer, codeIn, waitForMail, type TestServer } from './test-server.ts';
import { unzip } from './unzip.ts';

/**
 * The world the access matrix asks about: one owner whose things are shared as the product shares
 * them, and the people around the owner. Everything the owner keeps private carries SECRET in its
 * text (and the owner's e-mail carries it too), so a refusal, or an answer to someone nothing was
 * shared with, can be searched for it; what the owner's organisation mates may know (the owner's
 * name, the organisation's name) carries KNOWN instead.
 */

/** Who asks: nobody, someone unrelated, the owner, the holder of a VIEW share, the organisation's coach, a plain member, a free-tier user. */
export const ACTORS = ['anonymous', 'stranger', 'free', 'member', 'coach', 'viewShare', 'owner'] as const;
export type Actor = (typeof ACTORS)[number];
export type SignedInActor = Exclude<Actor, 'anonymous'>;

/** In the owner's private text: event titles and notes, the course, drills, folders, tags, comments, devices, the e-mail. */
export const SECRET = 'qx7';
/** In what the owner's organisation mates may see: the owner's last name, the organisation's name. */
export const KNOWN = 'qk4';

/** A password the strength rules take (12 characters or more, not guessable). */
export const STRONG_PASSWORD = 'Lag-putts-from-40-feet-2026';

export type Golfer = BuiltUser & { token: string; first_name: string; last_name: string };

export interface World {
  server: TestServer;
  firebase: FakeFirebase;
  people: Record<SignedInActor, Golfer>;
  /** The owner's organisation: the coach (its purchaser), the owner and the member. */
  orgId: number;
  /** An organisation of the coach's that has invited the owner (invite stays open). */
  inviteOrgId: number;
  inviteId: number;
  /** The owner's practice: SHARE_COACHES (the coach sees it), VIEW to the viewer, tagged, carrying the drill. */
  practiceId: number;
  cedId: number;
  /** The owner's rated round, shared as the practice. */
  roundId: number;
  /** Ten more rounds of the owner with a weakness the AI coach finds, shared as the practice (the owner has no other rounds). */
  seasonIds: number[];
  drillId: number;
  /** A long-approach drill of the owner's, shared with nobody. */
  privateDrillId: number;
  folderId: number;
  tagId: number;
  tagName: string;
  resultId: number;
  commentId: number;
  notifyId: number;
  deviceToken: string;
  /** The owner's main session (the one the matrix uses). */
  ownerTokenId: number;
  /** The owner's own diagnosis of those eleven rounds (its plan names the private drill). */
  diagnosisId: number;
  /** An unpaid demo checkout session of the owner's, and a demo portal session of the owner's. */
  checkoutSession: string;
  portalSession: string;
  /** The name of an uploaded logo (GET /media/{name}). */
  logoName: string;
  /** A rounds.csv of one round, as the export writes it. */
  roundsCsv: Buffer;
  /** The free user's own drill, practice (with that drill placed) and diagnosis, all made while they had premium. */
  free: { drillId: number; cedId: number; diagnosisId: number };
  /** The bodies the owner's drill and practice were made with (an update sends them again). */
  drillBody: Record<string, unknown>;
  practiceBody: Record<string, unknown>;
}

let sequence = 0;
const next = () => ++sequence;

/** A request of `token` (none for null) through app.inject, JSON unless a raw payload is given. */
export function send(
  server: TestServer,
  token: string | null,
  method: string,
  url: string,
  options: { body?: unknown; raw?: { payload: Buffer | string; headers: Record<string, string> } } = {},
) {
  const headers: Record<string, string> = { ...(token === null ? {} : bearer(token)), ...(options.raw?.headers ?? {}) };
  if (options.body !== undefined && !options.raw) headers['content-type'] = 'application/json';
  const payload = options.raw ? options.raw.payload : options.body === undefined ? undefined : JSON.stringify(options.body);
  return server.app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
}

/** Sends and answers the JSON body, or throws naming the call (fixtures must be built). */
export async function must<T>(server: TestServer, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await send(server, token, method, `/v4${url}`, body === undefined ? {} : { body });
  if (res.statusCode >= 300) throw new Error(`fixture ${method} ${url} failed: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

/** A multipart/form-data body with one file part named `file`. */
export function multipart(filename: string, type: string, bytes: Buffer) {
  const boundary = `----holeout-access-matrix-${next()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const logoPng = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 30, g: 107, b: 82 } } })
    .png()
    .toBuffer();

async function golfer(
  server: TestServer,
  over: {
    first_name: string;
    last_name: string;
    email?: string;
    is_coach?: boolean;
    level?: SubscriptionLevel | null;
    password?: string | null;
  },
): Promise<Golfer> {
  const user = await buildUser(server.db, {
    first_name: over.first_name,
    last_name: over.last_name,
    is_coach: over.is_coach ?? false,
    benchmark: 'NINETY',
    password: over.password === undefined ? STRONG_PASSWORD : over.password,
    ...(over.email ? { email: over.email } : {}),
  });
  const level = over.level === undefined ? SUBSCRIPTION_LEVELS.PREMIUM : over.level;
  // Given plans (OTHER): a web checkout is not refused as a second Stripe subscription.
  if (level !== null) await buildSubscription(server.db, { purchaser: user.uid, level, source: 'OTHER' });
  return { ...user, first_name: over.first_name, last_name: over.last_name, token: await issueTokenFor(server, user.uid) };
}

/** A fresh premium account with a password: the owner's stand-in for rows that would end the owner's sessions or account. */
export function standIn(w: World, over: { password?: string | null } = {}): Promise<Golfer> {
  const n = next();
  return golfer(w.server, { first_name: 'Sandy', last_name: `Standin${n}`, email: `stand-in-${n}-${Date.now()}@example.test`, ...over });
}

/** What the owner shares an item with: VIEW to the viewer, nothing to organisations. */
export const viewShare = (w: World) => ({ usershares: [{ uid: w.people.viewShare.uid, permissions: 0 }], orgshares: [] });

const drillFields = [
  { key: 'made', label: 'Putts made', type: 'NUMBER', min: 0, max: 10, step: 1, unit: 'putts' },
  { key: 'note', label: 'Note', type: 'STRING', max: 200 },
];

export const drillBodyOf = (title: string, folderId: number | null) => ({
  title,
  description: `Ten putts through a gate (${SECRET})`,
  category: 'shortPutts',
  folder_id: folderId,
  fields: drillFields,
  score_field: 'made',
  higher_is_better: true,
});

// --- fresh things of the owner, one per row that destroys, hides or moves one ---------------------

/** A practice of the owner shared like the main one (SHARE_COACHES, VIEW to the viewer). */
export async function freshEvent(w: World): Promise<number> {
  const body = {
    event_type: 'PRACTICE',
    title: `Fresh ladder ${SECRET}${next()}`,
    notes: `Private notes ${SECRET}`,
    start: '2026-03-02T08:00:00Z',
    share: 'SHARE_COACHES',
    ...viewShare(w),
  };
  return (await must<{ event_id: number }>(w.server, w.people.owner.token, 'POST', '/events', body)).event_id;
}

export async function freshDrill(w: World): Promise<number> {
  const body = { ...drillBodyOf(`Fresh drill ${SECRET}${next()}`, null), ...viewShare(w) };
  return (await must<{ drill_id: number }>(w.server, w.people.owner.token, 'POST', '/drills', body)).drill_id;
}

export async function freshFolder(w: World): Promise<number> {
  const body = { name: `Fresh folder ${SECRET}${next()}`, ...viewShare(w) };
  return (await must<{ folder_id: number }>(w.server, w.people.owner.token, 'POST', '/folders', body)).folder_id;
}

export async function freshTag(w: World): Promise<number> {
  const body = { name: `fresh-${SECRET}-${next()}`, colour: '#447ec9', ...viewShare(w) };
  return (await must<{ tag_id: number }>(w.server, w.people.owner.token, 'POST', '/tags', body)).tag_id;
}

export async function freshComment(w: World): Promise<number> {
  const url = `/events/comments?event_id=${w.practiceId}`;
  return (await must<{ comment_id: number }>(w.server, w.people.owner.token, 'POST', url, { body: `Fresh comment ${SECRET}` })).comment_id;
}

export async function freshResult(w: World): Promise<number> {
  const body = { ced_id: w.cedId, values: { made: 6, note: `fresh ${SECRET}` } };
  return (await must<{ drillresult_id: number }>(w.server, w.people.owner.token, 'POST', '/drills/results', body)).drillresult_id;
}

export const freshNotification = (w: World) => buildNotification(w.server.db, { uid: w.people.owner.uid, title: `Fresh notice ${SECRET}` });

/**
 * An organisation like the owner's (the coach its purchaser and coach, the owner and the member
 * players), on a team plan of its own (a subscription pays for one organisation).
 */
export async function freshOrg(w: World, withPlayers = true): Promise<number> {
  const { coach, owner, member } = w.people;
  return buildOrg(w.server.db, {
    name: `${KNOWN} Club ${next()}`,
    sub_id: await buildSubscription(w.server.db, { purchaser: coach.uid, level: SUBSCRIPTION_LEVELS.TEAM, source: 'OTHER' }),
    members: [{ uid: coach.uid, is_coach: true, seat: 'COACH' }, ...(withPlayers ? [{ uid: owner.uid }, { uid: member.uid }] : [])],
  });
}

/** An open invitation of the coach's, to the owner's address (of `orgId`, or of a fresh organisation the owner is not in). */
export async function freshInvite(w: World, orgId?: number): Promise<number> {
  const org = orgId ?? (await freshOrg(w, false));
  const body = { email: w.people.owner.email, role: 'player' };
  return (await must<{ invite_id: number }>(w.server, w.people.coach.token, 'POST', `/orgs/invite?org_id=${org}`, body)).invite_id;
}

/** A second session of the owner's, and its token id. */
export async function freshOwnerSession(w: World): Promise<{ token: string; tokenId: number }> {
  const token = await issueTokenFor(w.server, w.people.owner.uid);
  const { sessions } = await must<{ sessions: Array<{ token_id: number; current: boolean }> }>(w.server, token, 'GET', '/account/sessions');
  return { token, tokenId: sessions.find((s) => s.current)!.token_id };
}

/** A Firebase ID token of a new identity with this provider. */
export const identityToken = (w: World, provider: 'google.com' | 'apple.com' | 'microsoft.com', email: string) =>
  w.firebase.token({ provider, sub: `matrix-${provider}-${next()}`, email });

/** A stand-in with a mailed code of `purpose` waiting: answers the stand-in and the code. */
export async function standInWithCode(
  w: World,
  purpose: 'set_password' | 'delete_account',
  over: { password?: string | null } = {},
): Promise<{ who: Golfer; code: string }> {
  const who = await standIn(w, over);
  const before = w.server.mails.length;
  await must(w.server, who.token, 'POST', '/account/code', { purpose });
  return { who, code: codeIn(await waitForMail(w.server, who.email, before)) };
}

/** A stand-in who asked to change their e-mail: answers the stand-in and the code mailed to the new address. */
export async function standInChangingEmail(w: World): Promise<{ who: Golfer; code: string }> {
  const who = await standIn(w);
  const newEmail = `changed-${next()}-${Date.now()}@example.test`;
  const before = w.server.mails.length;
  const body = {
    email: newEmail,
    first_name: who.first_name,
    last_name: who.last_name,
    level: null,
    benchmark: 'NINETY',
    password: STRONG_PASSWORD,
  };
  await must(w.server, who.token, 'POST', '/account', body);
  return { who, code: codeIn(await waitForMail(w.server, newEmail, before)) };
}

/** A stand-in payer with an unpaid demo checkout session: answers the payer and the session. */
export async function standInCheckout(w: World): Promise<{ who: Golfer; session: string }> {
  const who = await golfer(w.server, { first_name: 'Penny', last_name: `Payer${next()}`, level: null });
  const { url } = await must<{ url: string }>(w.server, who.token, 'POST', '/payments/stripe/checkout', { plan: 3 });
  return { who, session: new URL(url).searchParams.get('demo_checkout')! };
}

/** A stand-in payer who paid a demo checkout: answers the payer and a demo portal session of theirs. */
export async function standInSubscriber(w: World): Promise<{ who: Golfer; session: string }> {
  const { who, session } = await standInCheckout(w);
  await must(w.server, who.token, 'POST', '/payments/demo/checkout', { session });
  const { url } = await must<{ url: string }>(w.server, who.token, 'POST', '/payments/stripe/portal');
  return { who, session: new URL(url).searchParams.get('demo_portal')! };
}

/** Ten 18-hole rounds of a weak long-approach game, a day apart up to yesterday (the AI coach names the weakness). */
function season(w: World, shares: Record<string, unknown>): Promise<number[]> {
  const now = w.server.clock.now().getTime();
  return Promise.all(
    Array.from({ length: 10 }, async (_, i) => {
      const round = simulateRound({
        seed: 400 + i,
        benchmark: 'NINETY',
        course: REFERENCE_COURSE,
        weakness: { category: 'longApproach', strokesPerRound: 6 },
      });
      const start = new Date(now - (10 - i) * 86_400_000).toISOString();
      const body = { event_type: 'ROUND', title: `Season medal ${SECRET}`, start, round, ...shares };
      return (await must<{ event_id: number }>(w.server, w.people.owner.token, 'POST', '/events', body)).event_id;
    }),
  );
}

/** Builds the world once: people, the organisation, the owner's things and their shares, the free user's old things. */
export async function buildWorld(server: TestServer, firebase: FakeFirebase): Promise<World> {
  const stamp = Date.now();
  const people: Record<SignedInActor, Golfer> = {
    owner: await golfer(server, { first_name: 'Olive', last_name: `${KNOWN}Owner`, email: `olive-${SECRET}-${stamp}@example.test` }),
    viewShare: await golfer(server, { first_name: 'Vic', last_name: 'Viewer' }),
    stranger: await golfer(server, { first_name: 'Stan', last_name: 'Stranger' }),
    coach: await golfer(server, { first_name: 'Cora', last_name: 'Coach', is_coach: true, level: SUBSCRIPTION_LEVELS.TEAM }),
    member: await golfer(server, { first_name: 'Mel', last_name: 'Member' }),
    // A coach whose premium lapsed: what they made then is theirs, what needs premium is refused now.
    free: await golfer(server, { first_name: 'Fred', last_name: 'Free', is_coach: true }),
  };
  const { owner, viewShare: viewer, coach, free } = people;
  const coachSubId = (await server.db.select().from(subscriptions).where(eq(subscriptions.purchaser, coach.uid)))[0]!.sub_id;
  const orgId = await buildOrg(server.db, {
    name: `${KNOWN} Academy`,
    sub_id: coachSubId,
    members: [{ uid: coach.uid, is_coach: true, seat: 'COACH' }, { uid: owner.uid }, { uid: people.member.uid }],
  });
  // The owner may share with the viewer only once they know each other.
  await acquaint(server.db, owner.uid, [viewer.uid]);
  const w = { server, firebase, people, orgId } as World;
  const o = owner.token;
  // New things of the owner's go to nobody unless the owner says so. No saved default shares means
  // VIEW to each of one's organisations, so the default saved is the owner's own share alone.
  await must(server, o, 'POST', '/account/settings', { usershares: [{ uid: owner.uid, permissions: 3 }], orgshares: [] });

  w.folderId = (await must<{ folder_id: number }>(server, o, 'POST', '/folders', { name: `Putting ${SECRET}`, ...viewShare(w) })).folder_id;
  w.drillBody = drillBodyOf(`Gate drill ${SECRET}`, w.folderId);
  w.drillId = (await must<{ drill_id: number }>(server, o, 'POST', '/drills', { ...w.drillBody, ...viewShare(w) })).drill_id;
  // A drill the owner keeps to themself, in the category of the weakness the AI coach finds: a plan made for the owner names it.
  w.privateDrillId = (
    await must<{ drill_id: number }>(server, o, 'POST', '/drills', {
      ...drillBodyOf(`Long irons ${SECRET}`, null),
      category: 'longApproach',
      usershares: [],
      orgshares: [],
    })
  ).drill_id;
  w.tagName = `winter-${SECRET}`;
  w.tagId = (await must<{ tag_id: number }>(server, o, 'POST', '/tags', { name: w.tagName, colour: '#447ec9', ...viewShare(w) })).tag_id;
  w.practiceBody = {
    event_type: 'PRACTICE',
    title: `Putting ladder ${SECRET}`,
    start: '2026-03-01T08:00:00Z',
    notes: `Three ladders, left edge ${SECRET}`,
    tags: [w.tagName],
  };
  const practice = await must<{ event_id: number; eventdrills: Array<{ ced_id: number }> }>(server, o, 'POST', '/events', {
    ...w.practiceBody,
    share: 'SHARE_COACHES',
    ...viewShare(w),
    eventdrills: [{ drill_id: w.drillId }],
  });
  w.practiceId = practice.event_id;
  w.cedId = practice.eventdrills[0]!.ced_id;
  w.practiceBody = { ...w.practiceBody, eventdrills: [{ drill_id: w.drillId, ced_id: w.cedId }] };
  w.roundId = (
    await must<{ event_id: number }>(server, o, 'POST', '/events', {
      event_type: 'ROUND',
      title: `Club medal ${SECRET}`,
      start: '2026-03-03T08:00:00Z',
      notes: `Lost two balls ${SECRET}`,
      share: 'SHARE_COACHES',
      ...viewShare(w),
      round: buildRoundBody({ course: `Links ${SECRET}`, tees: 'White', course_rating: 71.2, slope: 128 }),
    })
  ).event_id;
  w.seasonIds = await season(w, { share: 'SHARE_COACHES', ...viewShare(w) });
  w.resultId = (
    await must<{ drillresult_id: number }>(server, o, 'POST', '/drills/results', { ced_id: w.cedId, values: { made: 7 } })
  ).drillresult_id;
  w.commentId = (
    await must<{ comment_id: number }>(server, o, 'POST', `/events/comments?event_id=${w.practiceId}`, { body: `Left edge ${SECRET}` })
  ).comment_id;
  w.notifyId = await buildNotification(server.db, { uid: owner.uid, title: `Notice ${SECRET}` });
  w.deviceToken = `device-${SECRET}-${stamp}`;
  await must(server, o, 'POST', `/devices?push_token=${w.deviceToken}&platform=android`);
  await must(server, o, 'POST', '/account/link?method=firebase', { idToken: await identityToken(w, 'google.com', owner.email) });
  const sessions = await must<{ sessions: Array<{ token_id: number; current: boolean }> }>(server, o, 'GET', '/account/sessions');
  w.ownerTokenId = sessions.sessions.find((s) => s.current)!.token_id;
  const diagnosed = await must<{ diagnosis: { diagnosis_id: number } | null }>(server, o, 'GET', `/ai/diagnose?players=${owner.uid}`);
  if (!diagnosed.diagnosis) throw new Error(`fixture: no diagnosis of the owner's season: ${JSON.stringify(diagnosed)}`);
  w.diagnosisId = diagnosed.diagnosis.diagnosis_id;
  const checkout = await must<{ url: string }>(server, o, 'POST', '/payments/stripe/checkout', { plan: 3 });
  w.checkoutSession = new URL(checkout.url).searchParams.get('demo_checkout')!;
  const portal = await must<{ url: string }>(server, o, 'POST', '/payments/stripe/portal');
  w.portalSession = new URL(portal.url).searchParams.get('demo_portal')!;

  // The organisation that invited the owner: the coach coaches it, the owner has not answered.
  w.inviteOrgId = await freshOrg(w, false);
  w.inviteId = await freshInvite(w, w.inviteOrgId);

  const logo = await send(server, coach.token, 'POST', '/v4/media', { raw: multipart('logo.png', 'image/png', await logoPng()) });
  if (logo.statusCode !== 200) throw new Error(`fixture logo failed: ${logo.statusCode} ${logo.body}`);
  w.logoName = (logo.json() as { url: string }).url.split('/').at(-1)!;

  // One round of someone else's, exported: the rounds.csv the owner's import row sends.
  const importer = await golfer(server, { first_name: 'Ida', last_name: 'Importer' });
  await must(server, importer.token, 'POST', '/events', {
    event_type: 'ROUND',
    title: 'Imported medal',
    start: '2026-02-01T08:00:00Z',
    usershares: [],
    orgshares: [],
    round: buildRoundBody(),
  });
  const exported = await send(server, importer.token, 'GET', '/v4/account/export');
  w.roundsCsv = unzip(exported.rawPayload).get('rounds.csv')!;

  // The free user's things from when they had premium, then the subscription lapses.
  const f = free.token;
  const freeDrill = (await must<{ drill_id: number }>(server, f, 'POST', '/drills', drillBodyOf('Old gate drill', null))).drill_id;
  const freePractice = await must<{ eventdrills: Array<{ ced_id: number }> }>(server, f, 'POST', '/events', {
    event_type: 'PRACTICE',
    title: 'Old ladder',
    start: '2026-01-05T08:00:00Z',
    eventdrills: [{ drill_id: freeDrill }],
  });
  // A diagnosis of their own rounds from then (a copy of the owner's, made theirs).
  const [source] = await server.db.select().from(diagnoses).where(eq(diagnoses.diagnosis_id, w.diagnosisId));
  const { diagnosis_id: _omitted, ...copy } = source!;
  const [freeDiagnosis] = await server.db
    .insert(diagnoses)
    .values({ ...copy, uid: free.uid, display_name: 'Fred Free', round_ids: [] })
    .returning({ diagnosis_id: diagnoses.diagnosis_id });
  w.free = { drillId: freeDrill, cedId: freePractice.eventdrills[0]!.ced_id, diagnosisId: freeDiagnosis!.diagnosis_id };
  await server.db.update(subscriptions).set({ status: 'EXPIRED' }).where(eq(subscriptions.purchaser, free.uid));
  return w;
}
