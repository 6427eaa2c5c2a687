import path from 'node:path';
import { z } from 'zod';
import { FEDERATED_PROVIDERS, type FederatedProvider } from '@holeout/contracts';
import { PLAN_CATALOGUE, planKey } from '@holeout/golf';

/** One documented environment variable: the README's configuration table is generated from these rows. */
export interface ConfigVariable {
  name: string;
  default: string;
  meaning: string;
}

/** Google's published keys for Firebase ID tokens, as a JWKS. */
export const FIREBASE_JWKS_DEFAULT = 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

/** Every variable the API reads, with its default and meaning (copied into the README). */
export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  { name: 'PORT', default: '3000', meaning: 'TCP port the server listens on.' },
  { name: 'HOST', default: '0.0.0.0', meaning: 'Interface to listen on.' },
  {
    name: 'DATA_DIR',
    default: './data',
    meaning: 'Folder for local data (embedded database, mail outbox), relative to the working directory.',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    meaning: 'PostgreSQL connection string. Unset: embedded PGlite database in <DATA_DIR>/pglite.',
  },
  {
    name: 'DATABASE_REPLICA_URL',
    default: '(unset)',
    meaning:
      "A streaming replica of DATABASE_URL (needs DATABASE_URL). Statistics are read there, except a golfer's own reads until the replica has replayed their last write; a replica that fails sends its reads to the primary. Unset: everything is read from DATABASE_URL.",
  },
  {
    name: 'SMTP_URL',
    default: '(unset)',
    meaning:
      'SMTP server for outgoing mail, e.g. smtps://user:pass@mail.example.com:465. Unset: mails are written as .eml files to <DATA_DIR>/outbox/.',
  },
  {
    name: 'S3_URL',
    default: '(unset)',
    meaning:
      'S3-compatible bucket for uploaded logos, http(s)://key:secret@host[:port]/bucket[?region=...]. Unset: files are stored under <DATA_DIR>/storage/.',
  },
  { name: 'MAIL_FROM', default: 'Holeout <no-reply@holeout.local>', meaning: 'Sender address of outgoing mail.' },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:<PORT>',
    meaning: 'Public address of the product, for absolute links the API builds (invitations, payment returns).',
  },
  {
    name: 'CORS_ORIGINS',
    default: '(empty)',
    meaning:
      'Comma-separated origins allowed to call the API from a browser (e.g. the Capacitor app origins). Same-origin calls need nothing.',
  },
  {
    name: 'WEB_DIST',
    default: 'apps/web/dist',
    meaning: 'Built web app served at / with SPA fallback (skipped when the folder does not exist).',
  },
  { name: 'LOG_LEVEL', default: 'info', meaning: 'Log level: fatal, error, warn, info, debug, trace or silent.' },
  { name: 'SEED_DEMO', default: 'true', meaning: 'Seed the demo accounts on first start (only when there are no users yet).' },
  {
    name: 'STRIPE_SECRET_KEY',
    default: '(unset)',
    meaning:
      'Stripe secret API key (sk_live_... or sk_test_...). With STRIPE_WEBHOOK_SECRET it turns on Stripe Checkout and the customer portal on the Subscribe page.',
  },
  {
    name: 'STRIPE_WEBHOOK_SECRET',
    default: '(unset)',
    meaning: 'Signing secret (whsec_...) of the Stripe webhook endpoint <PUBLIC_URL>/v4/payments/stripe/webhook.',
  },
  {
    name: 'STRIPE_PRICE_<PLAN>',
    default: '(unset)',
    meaning:
      'The Stripe price id of each plan sold on the web, PLAN one of BASIC, BASIC_YEARLY, PREMIUM, PREMIUM_YEARLY, COACH_YEARLY, TEAM_YEARLY, ACADEMY_YEARLY, TEAM_BRANDING_YEARLY, ACADEMY_BRANDING_YEARLY. A plan without one is shown but not sold on the web.',
  },
  {
    name: 'STRIPE_API_URL',
    default: 'https://api.stripe.com',
    meaning: 'Another address for the Stripe API (a mock server in a staging setup).',
  },
  {
    name: 'IAPTIC_APP_NAME',
    default: '(unset)',
    meaning:
      'iaptic application name: with IAPTIC_SECRET it turns on in-app purchases (App Store, Google Play) and the webhook <PUBLIC_URL>/v4/payments/iaptic/webhook.',
  },
  {
    name: 'IAPTIC_SECRET',
    default: '(unset)',
    meaning: "iaptic secret key: iaptic's webhook must send it, and the API uses it to read a customer's purchases.",
  },
  { name: 'IAPTIC_PUBLIC_KEY', default: '(unset)', meaning: 'iaptic public key, handed to the mobile app for receipt validation.' },
  { name: 'IAPTIC_API_URL', default: 'https://validator.iaptic.com', meaning: 'Another address for the iaptic API.' },
  {
    name: 'DEMO_PAYMENTS',
    default: 'false (true in npm start with demo data)',
    meaning:
      'Without Stripe keys, a local demo checkout and portal stand in for Stripe: they send signed webhook events down the same path, so an upgrade can be tried end to end. Never charges anything.',
  },
  {
    name: 'JOBS',
    default: 'true',
    meaning:
      'Run the jobs in this process, through pg-boss in the database: the scheduled ones (subscription ending and ended notices) and push delivery (a process without jobs leaves pushes to one with them); any number of processes may, each job runs once.',
  },
  {
    name: 'AI_BASE_URL',
    default: '(unset)',
    meaning:
      "An OpenAI-compatible API (its /v1/chat/completions) that writes the AI coach's narrative. With AI_API_KEY and AI_MODEL it is used; otherwise, or when it fails or takes over 10 s, the narrative is the rules' text. Only aggregates are sent, never names, e-mail addresses or ids.",
  },
  { name: 'AI_API_KEY', default: '(unset)', meaning: 'The bearer key of AI_BASE_URL (never logged).' },
  { name: 'AI_MODEL', default: '(unset)', meaning: 'The model AI_BASE_URL is asked for, e.g. gpt-4o-mini.' },
  {
    name: 'FCM_SERVICE_ACCOUNT',
    default: '(unset)',
    meaning:
      'Path of a Firebase service-account JSON file: pushes to the Android and iOS apps go through FCM HTTP v1 with an OAuth token made from it. Unset: they are written as JSON to <DATA_DIR>/push-outbox/.',
  },
  { name: 'FCM_API_URL', default: 'https://fcm.googleapis.com', meaning: 'Another address for the FCM API (a local fake in tests).' },
  {
    name: 'FCM_TOKEN_URL',
    default: "the service account's token_uri",
    meaning: 'Another address for the OAuth token endpoint FCM tokens are asked from (a local fake in tests).',
  },
  {
    name: 'VAPID_PUBLIC_KEY',
    default: '(unset)',
    meaning:
      'VAPID public key (base64url) for Web Push to browsers, served at /v4/push/vapid_public_key. With VAPID_PRIVATE_KEY and VAPID_SUBJECT it turns Web Push on; otherwise browser pushes are written to <DATA_DIR>/push-outbox/.',
  },
  { name: 'VAPID_PRIVATE_KEY', default: '(unset)', meaning: 'VAPID private key (base64url); never logged.' },
  { name: 'VAPID_SUBJECT', default: '(unset)', meaning: 'VAPID contact, a mailto: or https: URL the push services may write to.' },
  {
    name: 'WEB_PUSH_HOSTS',
    default: 'fcm.googleapis.com,updates.push.services.mozilla.com,notify.windows.com,push.apple.com',
    meaning:
      'Comma-separated hosts of the push services a browser subscription may name (each with its subdomains, over https; a loopback host listed by name may use http, for a local fake). A subscription elsewhere is refused with 400, so nobody can make the API post to an address of their choosing.',
  },
  {
    name: 'FIREBASE_PROJECT_ID',
    default: '(unset)',
    meaning:
      'Firebase project whose ID tokens sign people in with Google, Apple and Microsoft (the iss and aud every token must name). Unset: only e-mail and password.',
  },
  {
    name: 'FIREBASE_JWKS_URL',
    default: FIREBASE_JWKS_DEFAULT,
    meaning:
      "Where the keys that sign Firebase ID tokens are published (Google's securetoken keys; a local JWKS in tests). Cached as its Cache-Control says.",
  },
  {
    name: 'FIREBASE_PROVIDERS',
    default: 'google,apple,microsoft',
    meaning: 'Comma-separated providers offered as "Continue with ..." (of google, apple, microsoft).',
  },
  {
    name: 'FIREBASE_API_KEY',
    default: '(unset)',
    meaning:
      "The Firebase web app's API key (public by design). Unset: the web pages offer no provider; the phone apps use their own Firebase files.",
  },
  {
    name: 'FIREBASE_AUTH_DOMAIN',
    default: '<FIREBASE_PROJECT_ID>.firebaseapp.com',
    meaning: 'The auth domain the web sign-in popup and redirect use.',
  },
  {
    name: 'REPORT_FONTS_DIR',
    default: '(unset)',
    meaning:
      "A folder holding the fonts of the PDF statistics reports (NotoSans-Regular.ttf, NotoSansArabic-*, NotoSansHebrew-*, NotoSansDevanagari-*, NotoSansThai-*, NotoSansCJK-*.ttc, DejaVuSans*.ttf), searched before Debian's font folders (fonts-noto-core, fonts-noto-cjk, fonts-dejavu-core). With none found the reports use the PDF's built-in Helvetica (Latin only) and a warning is logged.",
  },
  {
    name: 'SHUTDOWN_DRAIN_MS',
    default: '0',
    meaning:
      'On SIGTERM, how long the process keeps serving while /readyz answers 503, so a load balancer checking /readyz sends new requests elsewhere first (the cluster sets it to 3000); then it finishes the requests in flight and exits.',
  },
  {
    name: 'METRICS_TOKEN',
    default: '(unset)',
    meaning:
      'A secret of at least 16 characters: GET /metrics (Prometheus text format) answers only a request with `Authorization: Bearer <METRICS_TOKEN>`. Unset: /metrics answers 404.',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    meaning:
      'Trust X-Forwarded-* headers (true, false, a hop count, or a comma-separated list of proxy addresses) so rate limits see the client address behind a load balancer.',
  },
  {
    name: 'ANDROID_APP_ID',
    default: '(unset)',
    meaning:
      'Package name of the Android app (e.g. app.holeout). With ANDROID_SHA256_FINGERPRINTS it is served at /.well-known/assetlinks.json, so links to this host open in the app; unset, that file is a 404.',
  },
  {
    name: 'ANDROID_SHA256_FINGERPRINTS',
    default: '(unset)',
    meaning:
      "Comma-separated SHA-256 fingerprints (AA:BB:...) of the Android app's signing certificates, for /.well-known/assetlinks.json.",
  },
  {
    name: 'IOS_TEAM_ID',
    default: '(unset)',
    meaning:
      'Apple developer team id (10 characters) of the iOS app. With IOS_BUNDLE_ID it is served at /.well-known/apple-app-site-association, so links to this host open in the app; unset, that file is a 404.',
  },
  {
    name: 'IOS_BUNDLE_ID',
    default: '(unset)',
    meaning: 'Bundle id of the iOS app (e.g. app.holeout), for /.well-known/apple-app-site-association.',
  },
];

const booleanFlag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** The browsers' push services: Chrome and Edge (FCM), Firefox (Mozilla autopush), Windows (WNS), Safari (Apple). */
export const DEFAULT_WEB_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  DATABASE_REPLICA_URL: optionalText,
  SMTP_URL: optionalText,
  S3_URL: optionalText,
  MAIL_FROM: z.string().default('Holeout <no-reply@holeout.local>'),
  PUBLIC_URL: optionalText,
  CORS_ORIGINS: z.string().default(''),
  WEB_DIST: z.string().default('apps/web/dist'),
  ANDROID_APP_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/, 'a Java package name such as app.holeout')
      .optional(),
  ),
  ANDROID_SHA256_FINGERPRINTS: optionalText,
  IOS_TEAM_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Z0-9]{10}$/, 'ten capital letters or digits')
      .optional(),
  ),
  IOS_BUNDLE_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, 'a bundle id such as app.holeout')
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanFlag.default(true),
  TRUST_PROXY: z.string().default('false'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: optionalText.pipe(z.url().optional()),
  IAPTIC_APP_NAME: optionalText,
  IAPTIC_SECRET: optionalText,
  IAPTIC_PUBLIC_KEY: optionalText,
  IAPTIC_API_URL: optionalText.pipe(z.url().optional()),
  DEMO_PAYMENTS: booleanFlag.default(false),
  JOBS: booleanFlag.default(true),
  REPORT_FONTS_DIR: optionalText,
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'at least 16 characters').optional()),
  AI_BASE_URL: optionalText.pipe(z.url().optional()),
  AI_API_KEY: optionalText,
  AI_MODEL: optionalText,
  FCM_SERVICE_ACCOUNT: optionalText,
  FCM_API_URL: optionalText.pipe(z.url().optional()),
  FCM_TOKEN_URL: optionalText.pipe(z.url().optional()),
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: optionalText.pipe(z.url({ protocol: /^(mailto|https)$/, error: 'a mailto: or https: URL' }).optional()),
  WEB_PUSH_HOSTS: optionalText,
  // Firebase project ids are 6 to 30 lower-case letters, digits and hyphens; a little more is allowed.
  FIREBASE_PROJECT_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{2,62}$/, 'a Firebase project id (lower-case letters, digits and hyphens)')
      .optional(),
  ),
  FIREBASE_JWKS_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  FIREBASE_PROVIDERS: optionalText,
  FIREBASE_API_KEY: optionalText,
  FIREBASE_AUTH_DOMAIN: optionalText,
});

/** The Stripe side of payments: keys, and the price id of each plan sold on the web (by planKey). */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  apiUrl: string | undefined;
  prices: Record<string, string>;
}

export interface IapticConfig {
  appName: string;
  secretKey: string;
  publicKey: string | undefined;
  apiUrl: string | undefined;
}

export interface PaymentsConfig {
  stripe: StripeConfig | null;
  iaptic: IapticConfig | null;
  /** A local demo checkout stands in for Stripe (only when Stripe is not configured). */
  demo: boolean;
}

/** STRIPE_PRICE_<PLAN> variables, named by each plan's key in capitals. */
export const stripePriceVariable = (key: string) => `STRIPE_PRICE_${key.toUpperCase()}`;

function readPayments(env: NodeJS.ProcessEnv, e: z.infer<typeof environment>): PaymentsConfig {
  const prices: Record<string, string> = {};
  for (const plan of PLAN_CATALOGUE) {
    const price = env[stripePriceVariable(planKey(plan))]?.trim();
    if (price) prices[planKey(plan)] = price;
  }
  const stripe =
    e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL, prices }
      : null;
  const iaptic =
    e.IAPTIC_APP_NAME && e.IAPTIC_SECRET
      ? { appName: e.IAPTIC_APP_NAME, secretKey: e.IAPTIC_SECRET, publicKey: e.IAPTIC_PUBLIC_KEY, apiUrl: e.IAPTIC_API_URL }
      : null;
  return { stripe, iaptic, demo: stripe === null && e.DEMO_PAYMENTS };
}

/** The phone apps that open links to this host: each platform's file at /.well-known/ is served only when its app is configured. */
export interface AppLinksConfig {
  android: { packageName: string; fingerprints: string[] } | null;
  /** appId is TEAMID.bundle.id, as Apple names an app. */
  ios: { appId: string } | null;
}

/** A SHA-256 certificate fingerprint as Android prints it: 32 hex bytes separated by colons. */
const SHA256_FINGERPRINT = /^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/;

/** Half a platform's settings is a mistake to stop at, not a file to leave out quietly. */
function readAppLinks(e: z.infer<typeof environment>): AppLinksConfig {
  const problems: string[] = [];
  const fingerprints = (e.ANDROID_SHA256_FINGERPRINTS ?? '')
    .split(',')
    .map((f) => f.trim().toUpperCase())
    .filter(Boolean);
  const badFingerprint = fingerprints.find((f) => !SHA256_FINGERPRINT.test(f));
  if (badFingerprint !== undefined)
    problems.push(`ANDROID_SHA256_FINGERPRINTS: ${badFingerprint} is not a SHA-256 fingerprint (32 hex bytes, AA:BB:...)`);
  if (Boolean(e.ANDROID_APP_ID) !== fingerprints.length > 0)
    problems.push('ANDROID_APP_ID and ANDROID_SHA256_FINGERPRINTS: set both or neither');
  if (Boolean(e.IOS_TEAM_ID) !== Boolean(e.IOS_BUNDLE_ID)) problems.push('IOS_TEAM_ID and IOS_BUNDLE_ID: set both or neither');
  if (problems.length > 0) throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  return {
    android: e.ANDROID_APP_ID ? { packageName: e.ANDROID_APP_ID, fingerprints } : null,
    ios: e.IOS_TEAM_ID && e.IOS_BUNDLE_ID ? { appId: `${e.IOS_TEAM_ID}.${e.IOS_BUNDLE_ID}` } : null,
  };
}

/** The model that writes the AI coach's narrative: all three variables set, or none used. */
export interface AiConfig {
  baseUrl: string;
  /** Sent as the bearer token; never logged. */
  apiKey: string;
  model: string;
  /** How long the model may take before the rules' narrative is used (10 s; tests shorten it). */
  timeoutMs: number;
}

/** The model is asked for the narrative only when it is allowed this long. */
export const AI_TIMEOUT_MS = 10_000;

function readAi(e: z.infer<typeof environment>): AiConfig | null {
  if (!e.AI_BASE_URL || !e.AI_API_KEY || !e.AI_MODEL) return null;
  return { baseUrl: e.AI_BASE_URL.replace(/\/+$/, ''), apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: AI_TIMEOUT_MS };
}

/** FCM HTTP v1 for the Android and iOS apps. */
export interface FcmConfig {
  /** Path of the service-account JSON (read at start). */
  serviceAccountPath: string;
  apiUrl: string;
  /** Overrides the service account's token_uri. */
  tokenUrl: string | undefined;
}

/** Web Push with VAPID for browsers. */
export interface VapidConfig {
  publicKey: string;
  /** Never logged. */
  privateKey: string;
  subject: string;
}

export interface PushConfig {
  /** null: android and ios pushes go to the push outbox. */
  fcm: FcmConfig | null;
  /** null: web pushes go to the push outbox. */
  vapid: VapidConfig | null;
  /** Where pushes without a provider are written as JSON. */
  outboxDir: string;
}

function readPush(e: z.infer<typeof environment>, dataDir: string, cwd: string): PushConfig {
  const fcm = e.FCM_SERVICE_ACCOUNT
    ? {
        serviceAccountPath: path.resolve(cwd, e.FCM_SERVICE_ACCOUNT),
        apiUrl: (e.FCM_API_URL ?? 'https://fcm.googleapis.com').replace(/\/+$/, ''),
        tokenUrl: e.FCM_TOKEN_URL,
      }
    : null;
  const vapid =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && e.VAPID_SUBJECT
      ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT }
      : null;
  return { fcm, vapid, outboxDir: path.join(dataDir, 'push-outbox') };
}

/** Sign-in with Google, Apple and Microsoft through Firebase ID tokens. */
export interface FirebaseConfig {
  projectId: string;
  jwksUrl: string;
  /** The providers offered, in the order the pages show them. */
  providers: FederatedProvider[];
  /** The web app's SDK settings; null when FIREBASE_API_KEY is unset (then only the phone apps sign in this way). */
  web: { apiKey: string; authDomain: string } | null;
}

function readFirebase(e: z.infer<typeof environment>): FirebaseConfig | null {
  if (!e.FIREBASE_PROJECT_ID) return null;
  const named = (e.FIREBASE_PROVIDERS ?? FEDERATED_PROVIDERS.join(','))
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  const unknown = named.filter((p) => !(FEDERATED_PROVIDERS as readonly string[]).includes(p));
  if (unknown.length > 0)
    throw new Error(`Invalid configuration: FIREBASE_PROVIDERS: ${unknown.join(', ')} is not one of ${FEDERATED_PROVIDERS.join(', ')}`);
  return {
    projectId: e.FIREBASE_PROJECT_ID,
    jwksUrl: e.FIREBASE_JWKS_URL ?? FIREBASE_JWKS_DEFAULT,
    providers: named.filter((p, i): p is FederatedProvider => named.indexOf(p) === i),
    web: e.FIREBASE_API_KEY
      ? { apiKey: e.FIREBASE_API_KEY, authDomain: e.FIREBASE_AUTH_DOMAIN ?? `${e.FIREBASE_PROJECT_ID}.firebaseapp.com` }
      : null,
  };
}

export interface AppConfig {
  port: number;
  host: string;
  /** Absolute path of the data folder. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** A streaming replica of databaseUrl for the statistics' reads. */
  databaseReplicaUrl: string | undefined;
  /** Where the embedded database lives when DATABASE_URL is unset. */
  pgliteDir: string;
  smtpUrl: string | undefined;
  /** An S3-compatible bucket for uploads; local disk under dataDir when unset. */
  s3Url: string | undefined;
  mailFrom: string;
  outboxDir: string;
  publicUrl: string;
  corsOrigins: string[];
  /** Hosts of the push services browser subscriptions may name (WEB_PUSH_HOSTS). */
  webPushHosts: string[];
  webDist: string;
  /** The association files of the phone apps (/.well-known/). */
  appLinks: AppLinksConfig;
  logLevel: z.infer<typeof environment>['LOG_LEVEL'];
  seedDemo: boolean;
  trustProxy: boolean | number | string[];
  payments: PaymentsConfig;
  /** Run the scheduled jobs (pg-boss) in this process. */
  jobs: boolean;
  /** The AI coach's model narrative; null: the rules' narrative only. */
  ai: AiConfig | null;
  /** Push providers; without one a platform's pushes go to the push outbox. */
  push: PushConfig;
  /** Federated sign-in; null: e-mail and password only. */
  firebase: FirebaseConfig | null;
  /** A folder searched first for the report fonts (REPORT_FONTS_DIR), absolute; Debian's font folders otherwise. */
  reportFontsDir: string | undefined;
  /** On SIGTERM, how long /readyz answers 503 before the process stops taking requests. */
  shutdownDrainMs: number;
  /** The bearer token of GET /metrics; undefined: /metrics is not served. */
  metricsToken: string | undefined;
}

function parseTrustProxy(value: string): boolean | number | string[] {
  const v = value.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Reads the configuration from an environment (process.env by default). Throws with every bad
 * variable named, so a misconfigured server stops at start rather than misbehaving later.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): AppConfig {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.DATABASE_REPLICA_URL && !e.DATABASE_URL)
    throw new Error('Invalid configuration: DATABASE_REPLICA_URL: a replica needs its primary in DATABASE_URL (PGlite has no replicas)');
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrl: e.DATABASE_REPLICA_URL,
    pgliteDir: path.join(dataDir, 'pglite'),
    smtpUrl: e.SMTP_URL,
    s3Url: e.S3_URL,
    mailFrom: e.MAIL_FROM,
    outboxDir: path.join(dataDir, 'outbox'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webPushHosts:
      e.WEB_PUSH_HOSTS === undefined
        ? [...DEFAULT_WEB_PUSH_HOSTS]
        : e.WEB_PUSH_HOSTS.split(',')
            .map((s) => s.trim().toLowerCase())
            .filter(Boolean),
    webDist: path.resolve(cwd, e.WEB_DIST),
    appLinks: readAppLinks(e),
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    payments: readPayments(env, e),
    jobs: e.JOBS,
    ai: readAi(e),
    push: readPush(e, dataDir, cwd),
    firebase: readFirebase(e),
    reportFontsDir: e.REPORT_FONTS_DIR === undefined ? undefined : path.resolve(cwd, e.REPORT_FONTS_DIR),
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    metricsToken: e.METRICS_TOKEN,
  };
}

/** The README table of the variables above, in Markdown. */
export function configTableMarkdown(): string {
  const rows = CONFIG_VARIABLES.map((v) => `| \`${v.name}\` | ${v.default.replace(/</g, '&lt;')} | ${v.meaning.replace(/</g, '&lt;')} |`);
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}
