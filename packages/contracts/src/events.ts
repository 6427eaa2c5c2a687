import { z } from 'zod';
import { END_LIES, EVENT_TYPES, MISS_DIRECTIONS, SHARE_SCOPES, START_LIES } from '@holeout/golf';
import { orgShare, orgShareEntry, unitsPair, userShare, userShareEntry } from './account.ts';
import { ID_MAX, idListParam, idNumber, idParam, isoDate, isoDateTime, wholeNumberParam } from './common.ts';
import { multiLineText, singleLineText } from './text.ts';

/** A text field of at most `max` characters, trimmed, one line. */
const line = (max: number, what: string) => singleLineText.pipe(z.string().trim().max(max, `${what} is at most ${max} characters`));

export const eventType = z.enum(EVENT_TYPES);
export const shareScope = z.enum(SHARE_SCOPES);

/** A tag as events carry it: its name. */
export const tagName = singleLineText.pipe(z.string().trim().min(1, 'A tag needs a name').max(40, 'A tag is at most 40 characters'));

/**
 * A shot as the contract writes it; the rules between shots (lies, distances, penalties) are
 * packages/golf's. A round is strict at every level: a key the contract does not know (a per-shot
 * `unit`, say) is refused with its name, never dropped, since dropping it would store a round that
 * means something else than what was sent.
 */
/** Decimal degrees of a position taken on the course (WGS 84). */
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
/**
 * `lat` and `lon`: where the shot was played from, sent only when the golfer keeps the shots'
 * positions with the round (both or neither); `pin` on a hole is the hole's position then.
 */
export const shot = z
  .strictObject({
    from: z.enum(START_LIES),
    dist: z.number().positive(),
    to: z.enum(END_LIES),
    miss: z.enum(MISS_DIRECTIONS).optional(),
    lat: latitude.optional(),
    lon: longitude.optional(),
  })
  .refine((value) => (value.lat === undefined) === (value.lon === undefined), {
    message: 'A shot position needs both lat and lon',
    path: ['lon'],
  });
export const hole = z.strictObject({
  hole: z.number().int(),
  par: z.number().int(),
  /** The hole's stroke index on the card (1 hardest to 18), for net double bogey in the handicap index. */
  stroke_index: z.number().int().min(1).max(18).optional(),
  shots: z.array(shot).min(1).max(40),
  pin: z.strictObject({ lat: latitude, lon: longitude }).optional(),
});
export const round = z.strictObject({
  course: line(100, 'The course').optional(),
  tees: line(40, 'The tees').optional(),
  course_rating: z.number().optional(),
  slope: z.number().optional(),
  units: unitsPair,
  holes: z.array(hole).min(1).max(18),
});
export type RoundBody = z.infer<typeof round>;
/** A round as the API answers it: the same fields, read back from what was stored. */
const answeredRound = z.object({
  ...round.shape,
  holes: z.array(z.object({ ...hole.shape, shots: z.array(z.object(shot.shape)) })),
});

/** At most 15 users on an event's own share list (a per-event list of users, beside organisations and scope). */
export const MAX_EVENT_USERS = 15;
/** The most drills one practice, lesson or workout holds. */
export const MAX_EVENT_DRILLS = 30;

// POST /events (create) and POST /events?event_id= (replace the editable fields)
export const eventBody = z
  .strictObject({
    event_type: eventType,
    title: line(120, 'The title').default(''),
    start: isoDateTime('Give the start as an ISO 8601 date and time'),
    end: isoDateTime('Give the end as an ISO 8601 date and time').nullable().default(null),
    notes: multiLineText.pipe(z.string().max(10_000, 'Notes are at most 10,000 characters')).default(''),
    tags: z.array(tagName).max(20, 'An event has at most 20 tags').default([]),
    /** Who sees it; new events take the owner's default shares as SHARE_SELECTED when left out. */
    share: shareScope.optional(),
    usershares: z.array(userShareEntry).max(MAX_EVENT_USERS, `An event is shared with at most ${MAX_EVENT_USERS} users`).optional(),
    orgshares: z.array(orgShareEntry).max(50).optional(),
    round: round.nullable().default(null),
    /**
     * The drills of a practice, lesson or workout, in order. An entry with its ced_id keeps that
     * event drill (and its results); one without places the drill anew. Left out: unchanged; an
     * event drill left out of a given list goes, with its results.
     */
    eventdrills: z
      .array(z.strictObject({ drill_id: idNumber, ced_id: idNumber.optional() }))
      .max(MAX_EVENT_DRILLS, `An event holds at most ${MAX_EVENT_DRILLS} drills`)
      .optional(),
  })
  .superRefine((event, context) => {
    if (event.event_type === 'ROUND' && event.eventdrills && event.eventdrills.length > 0)
      context.addIssue({ code: 'custom', path: ['eventdrills'], message: 'A ROUND event carries no drills' });
    if (event.event_type === 'ROUND' && !event.round)
      context.addIssue({ code: 'custom', path: ['round'], message: 'A ROUND event needs its round' });
    if (event.event_type !== 'ROUND' && event.round)
      context.addIssue({ code: 'custom', path: ['round'], message: 'Only a ROUND event carries a round' });
    if (event.end && new Date(event.end) < new Date(event.start))
      context.addIssue({ code: 'custom', path: ['end'], message: 'The end is before the start' });
  });
export type EventBody = z.infer<typeof eventBody>;
export const eventIdQuery = z.object({ event_id: idParam });

/** What the list shows of a round without reading its shots. */
export const roundSummary = z.object({
  course: z.string().nullable(),
  holes: z.number().int(),
  score: z.number().int(),
  par: z.number().int(),
  to_par: z.number().int(),
});

export const event = z.object({
  event_id: z.number().int(),
  event_type: eventType,
  uid: z.number().int().describe('The owner'),
  title: z.string(),
  start: z.string(),
  end: z.string().nullable(),
  notes: z.string(),
  tags: z.array(z.string()),
  share: shareScope,
  usershares: z.array(userShare),
  orgshares: z.array(orgShare),
  eventdrills: z.array(z.object({ ced_id: z.number().int(), drill_id: z.number().int() })),
  round: answeredRound.nullable(),
  round_summary: roundSummary.nullable(),
  permissions: z.number().int().describe("The caller's own permission"),
  updated_at: z.string(),
});
export type EventResponse = z.infer<typeof event>;
export const eventsResponse = z.object({ events: z.array(event) });

const booleanParam = z.enum(['true', 'false']).transform((v) => v === 'true');
const dateParam = z.union([isoDate(), isoDateTime()], {
  message: 'Give a date (2026-11-21) or an ISO 8601 date and time',
});
const listParam = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .string()
    .transform((s) => s.split(',').map((part) => part.trim()))
    .pipe(z.array(item).min(1).max(50));

// GET /events
export const eventsQuery = z.object({
  event_id: idParam.optional(),
  from: dateParam.optional(),
  to: dateParam.optional(),
  types: listParam(eventType).optional(),
  tags: listParam(tagName).optional(),
  uid: idParam.optional(),
  shared: booleanParam.optional(),
  /** An offset into the list: no list is longer than there are ids. */
  start: wholeNumberParam(0, ID_MAX).default(0).describe('How many events of the list to skip; 0 when left out'),
  limit: wholeNumberParam(1, 200).default(50).describe('The most events answered; 50 when left out'),
});
export type EventsQuery = z.infer<typeof eventsQuery>;

// POST /events/batch?event_ids=1,2
export const eventBatchQuery = z.object({ event_ids: idListParam });
export const eventBatchBody = z.strictObject({
  usershares: z.array(userShareEntry).max(MAX_EVENT_USERS, `An event is shared with at most ${MAX_EVENT_USERS} users`),
  orgshares: z.array(orgShareEntry).max(50),
});
export const eventBatchResponse = z.object({ events: z.array(event) });
