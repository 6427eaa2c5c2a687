import { z } from 'zod';
import { PLAN_CATALOGUE, SUBSCRIPTION_LEVELS } from '@holeout/golf';

/** A plan of the catalogue (level, seats, branding, monthly and yearly prices, store ids), as GET /plans serves it. */
export const plan = z.object({
  index: z.number().int().min(0),
  key: z.string().describe('The configuration name of the plan (STRIPE_PRICE_<KEY>): its mobile id, or e.g. team_branding_yearly'),
  mobile_id: z.string().nullable().describe('The app-store product id, on the plans the stores sell'),
  level: z.number().int().min(SUBSCRIPTION_LEVELS.BASIC).max(SUBSCRIPTION_LEVELS.ACADEMY),
  is_coach: z.boolean(),
  period: z.number().int().describe('Months paid for at once: 1 or 12'),
  price: z.number().describe('US dollars per period'),
  num_coach: z.number().int(),
  num_basic: z.number().int(),
  num_premium: z.number().int(),
  has_branding: z.boolean(),
  web: z.boolean().describe('This server sells the plan on the web (a Stripe price is configured, or demo payments are on)'),
});
export type PlanBody = z.infer<typeof plan>;

/** How this server takes payments: the subscriptions page says so when it cannot. */
export const paymentsSetup = z.object({
  stripe: z.boolean().describe('Stripe Checkout and the customer portal are configured'),
  demo: z.boolean().describe('A local demo checkout stands in for Stripe (DEMO_PAYMENTS=true)'),
  iaptic: z
    .object({ app_name: z.string(), public_key: z.string().nullable() })
    .nullable()
    .describe('In-app purchases through iaptic (mobile app), when configured'),
});
export type PaymentsSetup = z.infer<typeof paymentsSetup>;

// GET /plans
export const plansResponse = z.object({ plans: z.array(plan), payments: paymentsSetup });
export type PlansResponse = z.infer<typeof plansResponse>;

// POST /payments/stripe/checkout
export const checkoutBody = z.object({
  plan: z
    .number()
    .int()
    .min(0)
    .max(PLAN_CATALOGUE.length - 1, `plan: one of the catalogue's indexes, 0 to ${PLAN_CATALOGUE.length - 1}`)
    .describe('The index of the plan in GET /plans'),
});
export type CheckoutBody = z.infer<typeof checkoutBody>;

/** POST /payments/stripe/checkout and /portal answer where to send the browser. */
export const redirectResponse = z.object({ url: z.string() });
export type RedirectResponse = z.infer<typeof redirectResponse>;

/** The demo checkout and portal sessions (DEMO_PAYMENTS=true) are named by the id the fake Stripe gave them. */
const demoSession = z.string().regex(/^(cs|bps)_demo_[A-Za-z0-9]{8,40}$/, 'session: the id in the demo checkout address');

// POST /payments/demo/checkout: pay the demo checkout session (only with DEMO_PAYMENTS=true)
export const demoCheckoutBody = z.object({ session: demoSession });
export type DemoCheckoutBody = z.infer<typeof demoCheckoutBody>;

/** What the demo customer portal can do, as Stripe's portal would. */
export const DEMO_PORTAL_ACTIONS = ['cancel_at_period_end', 'renew', 'cancel_now'] as const;
export type DemoPortalAction = (typeof DEMO_PORTAL_ACTIONS)[number];

// POST /payments/demo/portal
export const demoPortalBody = z.object({ session: demoSession, action: z.enum(DEMO_PORTAL_ACTIONS) });
export type DemoPortalBody = z.infer<typeof demoPortalBody>;

/** POST /payments/stripe/webhook and /payments/iaptic/webhook answer this to the provider. */
export const webhookResponse = z.object({
  received: z.literal(true),
  duplicate: z.boolean().describe('The event was applied before; nothing changed'),
});
export type WebhookResponse = z.infer<typeof webhookResponse>;
