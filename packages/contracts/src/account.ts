import { z } from 'zod';
import {
  BENCHMARK_LEVELS,
  PAYMENT_SOURCES,
  PERMISSION_VALUES,
  PLAYER_LEVELS,
  SUBSCRIPTION_STATUSES,
  THEMES,
  UNITS_PAIR_NAMES,
  SUBSCRIPTION_LEVELS,
} from '@holeout/golf';

export const email = z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid e-mail address'));
export const password = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');
const personName = z.string().trim().max(50, 'Names are at most 50 characters');
export const verificationCode = z.string().regex(/^\d{6}$/, 'The code is 6 digits');

export const benchmark = z.enum(BENCHMARK_LEVELS);
export const playerLevel = z.enum(PLAYER_LEVELS);
export const unitsPair = z.enum(UNITS_PAIR_NAMES as [string, ...string[]]);
export const permission = z.union(PERMISSION_VALUES.map((v) => z.literal(v)) as unknown as [z.ZodLiteral<number>, z.ZodLiteral<number>]);

/** User (spec section 3). A logged-out user is represented by uid -1 on the client. */
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
});
export type User = z.infer<typeof user>;

// POST /account/register?method=email
export const registerQuery = z.object({ method: z.enum(['email']).default('email') });
export const registerBody = z.object({
  email,
  password,
  first_name: personName.default(''),
  last_name: personName.default(''),
});
export type RegisterBody = z.input<typeof registerBody>;
export const uidResponse = z.object({ uid: z.number().int() });

// GET /account/verify?email&code
export const verifyQuery = z.object({ email, code: verificationCode });
// GET /account/regencode?email, GET /account/forgot_password?email
export const emailQuery = z.object({ email });

// POST /account/login
export const loginBody = z.object({ email, password: z.string().min(1, 'Enter your password').max(128) });
export type LoginBody = z.infer<typeof loginBody>;
export const loginResponse = z.object({ token: z.string(), uid: z.number().int() });
export type LoginResponse = z.infer<typeof loginResponse>;

// POST /account/password_reset
export const passwordResetBody = z.object({ email, code: verificationCode, password });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

// POST /account
export const updateAccountBody = z.object({
  email,
  first_name: personName,
  last_name: personName,
  level: playerLevel.nullable(),
  benchmark,
});
export type UpdateAccountBody = z.infer<typeof updateAccountBody>;

// POST /account/update_password
export const updatePasswordBody = z.object({ password: z.string().min(1).max(128), newPassword: password });
export type UpdatePasswordBody = z.infer<typeof updatePasswordBody>;

// GET/POST /account/settings
export const userShare = z.object({ uid: z.number().int().positive(), permissions: permission });
export const orgShare = z.object({ org_id: z.number().int().positive(), permissions: permission });
export const settings = z.object({
  theme: z.number().int().min(0).max(THEMES.length - 1),
  units: unitsPair,
  usershares: z.array(userShare).max(500),
  orgshares: z.array(orgShare).max(500),
});
export type Settings = z.infer<typeof settings>;
/** POST /account/settings: any subset of the settings; what is left out keeps its value. */
export const settingsUpdate = settings.partial();
export type SettingsUpdate = z.infer<typeof settingsUpdate>;

// GET /account/subscription
export const subscription = z.object({
  sub_id: z.number().int(),
  level: z.number().int().min(SUBSCRIPTION_LEVELS.NONE).max(SUBSCRIPTION_LEVELS.ACADEMY),
  has_branding: z.boolean(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  purchaser: z.number().int(),
  source: z.enum(PAYMENT_SOURCES),
});
export type SubscriptionBody = z.infer<typeof subscription>;
export const subscriptionResponse = subscription.nullable();
