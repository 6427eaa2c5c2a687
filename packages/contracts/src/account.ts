import { z } from 'zod';
import { singleLineText } from './text.ts';
import {
  BENCHMARK_LEVELS,
  NOTIFICATION_TYPES,
  PAYMENT_SOURCES,
  PERMISSION_VALUES,
  PLAYER_LEVELS,
  SUBSCRIPTION_STATUSES,
  THEMES,
  UNITS_PAIR_NAMES,
  SUBSCRIPTION_LEVELS,
} from '@holeout/golf';
import { idNumber, idParam } from './common.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-rules.ts';
import { notifyChannels, notifyPreferences } from './notifications.ts';

export const email = singleLineText.pipe(z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid e-mail address')));
/**
 * A new password: 12 to 128 characters of printable text. Its strength (zxcvbn score 3 or more,
 * password-strength.ts) is checked by the API, which has the dictionaries loaded.
 */
export const password = singleLineText.pipe(
  z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`),
);
/** A password being checked (login, current password): any length, since older passwords may be shorter. */
const presentedPassword = singleLineText.pipe(
  z.string().min(1, 'Enter your password').max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`),
);
const personName = singleLineText.pipe(z.string().trim().max(50, 'Names are at most 50 characters'));
export const verificationCode = z.string().regex(/^\d{6}$/, 'The code is 6 digits');

export const benchmark = z.enum(BENCHMARK_LEVELS);
export const playerLevel = z.enum(PLAYER_LEVELS);
/** A units pair (putt distance / long distance), typed as packages/golf's UnitsPair. */
export const unitsPair = z.enum(UNITS_PAIR_NAMES);
export const permission = z.union(PERMISSION_VALUES.map((v) => z.literal(v)) as unknown as [z.ZodLiteral<number>, z.ZodLiteral<number>]);

/** A user as the API answers them. A logged-out user is represented by uid -1 on the client. */
export const user = z.object({
  uid: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  level: playerLevel.nullable(),
  benchmark,
  is_coach: z.boolean(),
  sub_id: z.number().int().nullable(),
  has_password: z.boolean(),
  /** A new e-mail address waiting for its code (POST /account/confirm_email); the old one stays until then. */
  pending_email: z.string().nullable(),
  /** True from registration until the first-run Set up (level, benchmark, units) is saved or skipped: it is asked once. */
  setup_pending: z.boolean(),
});
export type User = z.infer<typeof user>;

// POST /account/password_strength: the server's judgement of a new password as it is typed (no sign-in).
export const passwordStrengthBody = z.strictObject({
  /** Up to MAX_PASSWORD_LENGTH characters, as a new password may be; a longer one is refused as the registration would. */
  password: singleLineText.pipe(z.string().max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`)),
  /** What the form already knows of its owner (e-mail, names): judged as easy guesses. */
  personal: z
    .array(singleLineText.pipe(z.string().max(254)))
    .max(5)
    .optional(),
});
export type PasswordStrengthBody = z.infer<typeof passwordStrengthBody>;
export const passwordStrengthResponse = z.object({
  /** zxcvbn's score, 0 (weakest) to 4. */
  score: z.number().int().min(0).max(4),
  /** Whether registration, a reset or a change would take it. */
  acceptable: z.boolean(),
  /** Why not, or how to do better; empty when there is nothing to say. */
  message: z.string(),
});
export type PasswordStrengthResponse = z.infer<typeof passwordStrengthResponse>;

// POST /account/register?method=email (the method query is methodQuery of federated.ts)
export const registerBody = z.strictObject({
  email,
  password,
  first_name: personName.default(''),
  last_name: personName.default(''),
});
export type RegisterBody = z.input<typeof registerBody>;
export const uidResponse = z.object({ uid: z.number().int() });
/**
 * The registering browser's ticket (43 base64url characters): registration answers one whether or
 * not the address is taken; verifying with it and the code signs that browser in.
 */
export const registrationTicket = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a registration ticket');
export const registerResponse = z.object({ uid: z.number().int(), ticket: registrationTicket });
export type RegisterResponse = z.infer<typeof registerResponse>;
/**
 * Registration answers the same whether or not the address already has an account, so its uid is
 * always -1 (the uid that means "no signed-in user"); the uid arrives with verification.
 */
export const REGISTRATION_UID = -1;

// GET /account/verify?email&code[&ticket]
export const verifyQuery = z.object({ email, code: verificationCode, ticket: registrationTicket.optional() });
/**
 * A verified account: with the registering browser's ticket, a session as login answers it (token
 * and uid); without it (the code typed elsewhere), the uid only, and the user logs in.
 */
export const verifyResponse = z.object({ uid: z.number().int(), token: z.string().optional() });
export type VerifyResponse = z.infer<typeof verifyResponse>;
// GET /account/regencode?email, GET /account/forgot_password?email
export const emailQuery = z.object({ email });

// POST /account/login
export const loginBody = z.strictObject({ email, password: presentedPassword });
export type LoginBody = z.infer<typeof loginBody>;
export const loginResponse = z.object({ token: z.string(), uid: z.number().int() });
export type LoginResponse = z.infer<typeof loginResponse>;

// POST /account/password_reset
export const passwordResetBody = z.strictObject({ email, code: verificationCode, password });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

// POST /account
export const updateAccountBody = z.strictObject({
  email,
  first_name: personName,
  last_name: personName,
  level: playerLevel.nullable(),
  benchmark,
  /** The current password: needed (when the account has one) to change the e-mail address. */
  password: presentedPassword.optional(),
});
export type UpdateAccountBody = z.infer<typeof updateAccountBody>;

// POST /account/confirm_email: the code mailed to the new address completes an e-mail change.
export const confirmEmailBody = z.strictObject({ code: verificationCode });
export type ConfirmEmailBody = z.infer<typeof confirmEmailBody>;

// POST /account/update_password
export const updatePasswordBody = z.strictObject({ password: presentedPassword, newPassword: password });
export type UpdatePasswordBody = z.infer<typeof updatePasswordBody>;

// GET/POST /account/settings
export const userShare = z.object({ uid: idNumber, permissions: permission });
export const orgShare = z.object({ org_id: idNumber, permissions: permission });
/** A share entry as a request body gives it: an unknown key is refused, not dropped. */
export const userShareEntry = z.strictObject(userShare.shape);
export const orgShareEntry = z.strictObject(orgShare.shape);

/**
 * custom-sg-settings: a custom target (an average score, or a handicap index with the course rating
 * and slope it plays from) and the category boundaries every statistic uses. Built twice: strict as
 * a body gives it (an unknown key is refused, not silently dropped from what is saved), and as the
 * API answers it.
 */
function customSgSettingsOf(object: typeof z.object | typeof z.strictObject) {
  return object({
    target: z.union([
      object({ score: z.number().min(55, 'A target score is at least 55').max(150, 'A target score is at most 150') }),
      object({
        handicap_index: z.number().min(-10).max(54),
        course_rating: z.number().min(55).max(85),
        slope: z.number().min(55).max(155),
      }),
    ]),
    boundaries: object({
      chipMaxYards: z.number().positive().max(100),
      shortApproachMaxYards: z.number().positive().max(200),
      midApproachMaxYards: z.number().positive().max(300),
      shortPuttMaxFeet: z.number().positive().max(30),
      midPuttMaxFeet: z.number().positive().max(100),
    }),
  }).superRefine((custom, context) => {
    const b = custom.boundaries;
    if (b.chipMaxYards >= b.shortApproachMaxYards)
      context.addIssue({
        code: 'custom',
        path: ['boundaries', 'chipMaxYards'],
        message: 'Chip distance must be less than the short approach distance',
      });
    if (b.shortApproachMaxYards >= b.midApproachMaxYards)
      context.addIssue({
        code: 'custom',
        path: ['boundaries', 'shortApproachMaxYards'],
        message: 'Short approach distance must be less than the mid approach distance',
      });
    if (b.shortPuttMaxFeet >= b.midPuttMaxFeet)
      context.addIssue({
        code: 'custom',
        path: ['boundaries', 'shortPuttMaxFeet'],
        message: 'Short putt distance must be less than the mid putt distance',
      });
    if ('handicap_index' in custom.target) {
      const target = custom.target.course_rating + (custom.target.handicap_index * custom.target.slope) / 113;
      if (target < 55 || target > 150)
        context.addIssue({
          code: 'custom',
          path: ['target'],
          message: `That handicap plays to ${target.toFixed(1)}; a target is 55 to 150`,
        });
    }
  });
}
export const customSgSettings = customSgSettingsOf(z.object);
export type CustomSgSettings = z.infer<typeof customSgSettings>;

export const settings = z.object({
  theme: z
    .number()
    .int()
    .min(0)
    .max(THEMES.length - 1),
  units: unitsPair,
  usershares: z.array(userShare).max(500),
  orgshares: z.array(orgShare).max(500),
  /** null until saved; the statistics then use the named benchmarks and the default boundaries. */
  custom_sg: customSgSettings.nullable().optional(),
  /** Per notification type, e-mail and push on or off; GET fills in the defaults for every type. */
  notify: notifyPreferences.optional(),
  /** The players a coach's team views show (group page), at most 15: a team view draws at most 15 players. */
  group: z.array(idNumber).max(15, 'A team view shows at most 15 players').optional(),
});
export type Settings = z.infer<typeof settings>;
/**
 * POST /account/settings: any subset of the settings; what is left out keeps its value. Strict: a
 * misspelt setting would otherwise be dropped and the call answer as if it had been saved.
 */
export const settingsUpdate = z
  .strictObject({
    ...settings.shape,
    usershares: z.array(userShareEntry).max(500),
    orgshares: z.array(orgShareEntry).max(500),
    custom_sg: customSgSettingsOf(z.strictObject).nullable(),
    notify: z.partialRecord(z.enum(NOTIFICATION_TYPES), z.strictObject(notifyChannels.shape)),
    group: settings.shape.group.unwrap(),
    /** Ends the first-run Set up, saved or skipped: GET /account answers setup_pending false from then on. */
    setup_done: z.literal(true),
  })
  .partial();
export type SettingsUpdate = z.infer<typeof settingsUpdate>;

// GET /account/subscription
export const subscription = z.object({
  sub_id: z.number().int(),
  level: z.number().int().min(SUBSCRIPTION_LEVELS.NONE).max(SUBSCRIPTION_LEVELS.ACADEMY),
  has_branding: z.boolean(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  purchaser: z.number().int(),
  source: z.enum(PAYMENT_SOURCES),
  plan_index: z.number().int().nullable().describe('The catalogue plan it was bought as; null when given (a seat, or no plan)'),
  expires_at: z.string().nullable().describe('The end of the period paid for (ISO 8601): it renews or ends then; null when open-ended'),
  renews: z.boolean().describe('False once renewal is off: it ends at expires_at'),
});
export type SubscriptionBody = z.infer<typeof subscription>;
export const subscriptionResponse = subscription.nullable();

// GET /account/sessions, DELETE /account/sessions?token_id=
export const accountSession = z.object({
  token_id: z.number().int(),
  created_at: z.string().describe('When the session signed in (ISO 8601)'),
  last_used_at: z.string().describe('When it was last used, to within 10 minutes (ISO 8601)'),
  expires_at: z.string().describe('When it ends unless used: 30 idle days, and never past 180 days after sign-in'),
  user_agent: z.string().nullable(),
  current: z.boolean().describe('The session making this call'),
});
export type AccountSession = z.infer<typeof accountSession>;
export const accountSessionsResponse = z.object({ sessions: z.array(accountSession) });
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponse>;
export const tokenIdQuery = z.object({ token_id: idParam });
