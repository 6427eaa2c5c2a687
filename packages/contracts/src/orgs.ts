import { z } from 'zod';
import { email, subscription } from './account.ts';
import { idNumber, idParam, isoDateTime } from './common.ts';
import { singleLineText } from './text.ts';

/** A seat of an organisation's subscription: the level a member on it has while it is active. */
export const SEAT_LEVELS = ['COACH', 'PREMIUM'] as const;
export type SeatLevel = (typeof SEAT_LEVELS)[number];
export const seatLevel = z.enum(SEAT_LEVELS);

export const ORG_ROLES = ['coach', 'player'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];
export const orgRole = z.enum(ORG_ROLES);

/** An organisation's theme colour, #rrggbb; the menu header picks black or white text for it. */
export const orgColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour is #rrggbb');

/** An organisation as its member sees it: name is the brand shown in the menu header. */
export const org = z.object({
  org_id: z.number().int(),
  name: z.string(),
  media_id: z.number().int().nullable(),
  logo_url: z.string().nullable().describe('The logo, resized to at most 512 px; null without one'),
  colour: z.string().nullable().describe('The theme colour (#rrggbb) the menu header takes when branding applies'),
  sub_id: z.number().int().nullable(),
  role: orgRole.describe("The caller's role in it"),
  is_purchaser: z.boolean().describe("The caller bought the organisation's subscription"),
  seat: seatLevel.nullable().describe("The caller's seat, null without one"),
});
export type Org = z.infer<typeof org>;

// GET /orgs: the organisations the caller belongs to (a bare list).
export const orgList = z.array(org);

export const orgName = singleLineText.pipe(
  z.string().trim().min(1, 'An organisation needs a name').max(60, 'A name is at most 60 characters'),
);

/** POST /orgs?org_id= (a coach of the org) and POST /orgs (the purchaser of a coach-level subscription without an org). */
export const orgBody = z.strictObject({
  name: orgName,
  media_id: idNumber.nullable().default(null),
  colour: orgColour.nullable().default(null),
});
export type OrgBody = z.input<typeof orgBody>;
export const orgIdQuery = z.object({ org_id: idParam });
export const orgUpsertQuery = z.object({ org_id: idParam.optional() });
export const orgMemberQuery = z.object({ org_id: idParam, uid: idParam });

// POST /media (multipart, one file): PNG, JPEG or WebP up to 2 MB, stored resized.
export const MAX_MEDIA_BYTES = 2 * 1024 * 1024;
export const MAX_MEDIA_PIXELS = 512;
export const mediaResponse = z.object({ media_id: z.number().int(), url: z.string() });
export type MediaResponse = z.infer<typeof mediaResponse>;

export const seats = z.object({
  num_coach: z.number().int(),
  num_premium: z.number().int(),
  used_coach: z.number().int(),
  used_premium: z.number().int(),
});
export type Seats = z.infer<typeof seats>;

// GET /orgs/subscription?org_id=: the organisation's subscription with its seats; null without one.
export const orgSubscription = subscription.extend({ expires_at: z.string().nullable(), seats });
export type OrgSubscription = z.infer<typeof orgSubscription>;
export const orgSubscriptionResponse = orgSubscription.nullable();

// GET /orgs/members?org_id=: a coach of the org sees every member (with e-mail); a player sees the coaches.
export const orgMember = z.object({
  uid: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable().describe("Shown to the organisation's coaches only"),
  role: orgRole,
  seat: seatLevel.nullable(),
  is_purchaser: z.boolean(),
  joined_at: z.string(),
});
export type OrgMember = z.infer<typeof orgMember>;
export const orgMembersResponse = z.object({ members: z.array(orgMember) });

// POST /orgs/seat?org_id= (the purchaser): give a member a seat, or free it with seat null.
export const seatBody = z.strictObject({ uid: idNumber, seat: seatLevel.nullable() });
export type SeatBody = z.infer<typeof seatBody>;

/** An invitation lasts 14 days (1,209,600,000 ms), then answers as expired. */
export const INVITE_TTL_MS = 1_209_600_000;
export const INVITE_STATUSES = ['OPEN', 'ACCEPTED', 'DECLINED', 'CANCELLED', 'EXPIRED'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export const orgInvite = z.object({
  invite_id: z.number().int(),
  org_id: z.number().int(),
  org_name: z.string(),
  org_logo_url: z.string().nullable(),
  email: z.string(),
  role: orgRole,
  invited_by: z.object({ uid: z.number().int(), first_name: z.string(), last_name: z.string() }),
  created_at: z.string(),
  expires_at: z.string(),
  status: z.enum(INVITE_STATUSES),
});
export type OrgInvite = z.infer<typeof orgInvite>;
export const orgInvitesResponse = z.object({ invites: z.array(orgInvite) });

// POST /orgs/invite?org_id= (a coach of the org)
export const inviteBody = z.strictObject({ email, role: orgRole });
export type InviteBody = z.input<typeof inviteBody>;
export const inviteIdQuery = z.object({ invite_id: idParam });
// GET /orgs/invites: the caller's open invitations; with org_id, that organisation's open ones (its coaches).
export const invitesQuery = z.object({ org_id: idParam.optional() });

// GET /people
export const person = z.object({ uid: z.number().int(), first_name: z.string(), last_name: z.string(), is_coach: z.boolean() });
export type Person = z.infer<typeof person>;
export const peopleResponse = z.object({ people: z.array(person) });

// POST /orgs/share-rounds?org_id=: a member shares their earlier rounds with the organisation's coaches.
export const shareRoundsQuery = z.object({ org_id: idParam });
export const shareRoundsBody = z.strictObject({
  /** Rounds that started at or after this instant; null: every round. */
  since: isoDateTime().nullable(),
});
export type ShareRoundsBody = z.infer<typeof shareRoundsBody>;
export const shareRoundsResponse = z.object({
  shared: z.number().int().describe("The caller's rounds since the date that the organisation's coaches now see"),
  kept_private: z.number().int().describe('Rounds since the date left as they were: private (SHARE_SELF) or public by link (SHARE_PUBLIC)'),
});
export type ShareRoundsResponse = z.infer<typeof shareRoundsResponse>;
