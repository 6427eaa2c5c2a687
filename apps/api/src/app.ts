import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@holeout/contracts';
import type { AppConfig } from './config.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import type { Mailer } from './integrations/mail/mailer.ts';
import { BackgroundWork } from './lib/background-work.ts';
import { ApiError, notFound } from './lib/api-error.ts';
import { serializeError, serializeRequest } from './lib/log-safety.ts';
import { createPasswordHasher, PRODUCTION_PASSWORD_COST, type PasswordCost } from './lib/passwords.ts';
import { RateLimiter } from './lib/rate-limiter.ts';
import { AccountRepository, createAccountModule } from './modules/account/account.module.ts';
import { registerAiModule } from './modules/ai/ai.module.ts';
import { AuthRepository, createAuthModule, DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimits } from './modules/auth/auth.module.ts';
import { registerCommentsModule } from './modules/comments/comments.module.ts';
import { registerDevicesModule } from './modules/devices/devices.module.ts';
import { registerEventsModule } from './modules/events/events.module.ts';
import { createDrillsModule } from './modules/drills/drills.module.ts';
import { registerReportsModule, type ReportMailing } from './modules/reports/reports.module.ts';
import { registerStatsModule } from './modules/stats/stats.module.ts';
import { ReadRouting } from './platform/replica/read-routing.ts';
import { registerTagsModule } from './modules/tags/tags.module.ts';
import { Access } from './platform/access/access.ts';
import type { App, AppContext } from './platform/app-context.ts';
import { Idempotency } from './platform/idempotency/idempotency.ts';
import { createNotificationsModule, type Notifier, type PushDeliveries } from './modules/notifications/notifications.module.ts';
import type { PushSender } from './integrations/push/push-sender.ts';
import { createOrgsModule } from './modules/orgs/orgs.module.ts';
import { registerMediaModule } from './modules/media/media.module.ts';
import { registerPortabilityModule } from './modules/portability/portability.module.ts';
import { registerUpdatesModule } from './modules/updates/updates.module.ts';
import { createPaymentsModule, type SubscriptionSweep } from './modules/payments/payments.module.ts';
import { createStorage } from './integrations/storage/create-storage.ts';
import type { Storage } from './integrations/storage/storage.ts';
import { handleClientError, registerErrorHandler, requireUtf8Json } from './plugins/errors.ts';
import { postgresRateLimitStore } from './plugins/not-found-rate-store.ts';
import { precomputeSecurityHeaders } from './plugins/security-headers.ts';
import { hasWebApp, registerWebApp } from './plugins/web-app.ts';
import { registerWellKnownModule } from './modules/well-known/well-known.module.ts';
import { Readiness, registerHealthModule } from './modules/health/health.module.ts';
import { Metrics } from './platform/metrics.ts';
import { createPushSender } from './integrations/push/create-push-sender.ts';

export const API_PREFIX = '/v4';

declare module 'fastify' {
  interface FastifyInstance {
    /** Creates notifications and mails their copies (server.ts starts its pump). */
    notifier: Notifier;
    /** Work done after its answer has gone (mails, statistics cache writes); close waits for it, tests may too. */
    background: BackgroundWork;
    /** Plans, webhooks and the subscription sweep (server.ts runs the sweep as a job). */
    payments: SubscriptionSweep;
    /** Push to devices: server.ts gives it the job queue and runs its jobs. */
    push: PushDeliveries;
    /** Mailed statistics reports: server.ts gives them the job queue and runs their jobs. */
    reports: ReportMailing;
    /** The Prometheus metrics: server.ts adds the pool and the job queues. */
    metrics: Metrics;
    /** /readyz's answer: server.ts marks the process draining on SIGTERM. */
    readiness: Readiness;
  }
}

/** Everything the app needs from outside; tests pass cheaper or controllable versions. */
export interface AppDeps {
  config: AppConfig;
  db: Database;
  mailer: Mailer;
  /** The time; tests move it to expire codes and rate-limit windows. */
  clock?: () => Date;
  passwordCost?: PasswordCost;
  accountRateLimits?: Partial<AuthRateLimits>;
  /** 404 answers allowed per client address per minute. */
  notFoundLimit?: { max: number; windowMs: number };
  /** Where logs go (tests capture them); stdout when absent. */
  logStream?: Writable;
  /** How long a request may take to arrive whole, and a connection may sit idle; tests shorten them. */
  timeouts?: Partial<RequestTimeouts>;
  /** How long a login may wait for other attempts on the same account still in flight (tests shorten it). */
  maxAttemptWaitMs?: number;
  /** Where uploads go; from the config (S3_URL or DATA_DIR/storage) when absent. */
  storage?: Storage;
  /** Where pushes go; from the config (FCM, VAPID, or DATA_DIR/push-outbox) when absent. */
  pushSender?: PushSender;
  /** A streaming replica of `db` (DATABASE_REPLICA_URL): statistics are read there when the reader's last write has reached it. */
  replica?: Database;
  /** What `db` runs on: PostgreSQL's pool answers several queries at once, embedded PGlite one at a time (the default). */
  dbDriver?: DatabaseHandle['driver'];
}

export interface RequestTimeouts {
  /** The whole request (headers and body) must arrive within this (Node's requestTimeout). */
  requestMs: number;
  /** A socket with no traffic for this long is closed (Node's server timeout). */
  idleMs: number;
  /** How often Node checks for requests past requestMs. */
  checkIntervalMs: number;
}

/** A stalled upload is cut off after 30 s; an idle socket after 65 s (longer than common proxies keep them). */
export const DEFAULT_TIMEOUTS: RequestTimeouts = { requestMs: 30_000, idleMs: 65_000, checkIntervalMs: 5_000 };

/** The app with its zod type provider. */
export type { App } from './platform/app-context.ts';

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** A request by a signed-in caller that may have changed something: any method but GET, HEAD and OPTIONS. */
const isCallerWrite = (request: FastifyRequest): boolean => request.caller !== null && !['GET', 'HEAD', 'OPTIONS'].includes(request.method);

/**
 * Builds the whole HTTP app, /v4 API and web app, without listening: server.ts listens, tests
 * call app.inject().
 */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  // Node's own figures watch the event loop and GC from the start: only worth it when someone scrapes them.
  const metrics = new Metrics({ processMetrics: Boolean(config.metricsToken) });
  // Every mail the app sends is counted by outcome for /metrics.
  const mailer = metrics.countMail(deps.mailer);
  const clock = deps.clock ?? (() => new Date());
  const timeouts = { ...DEFAULT_TIMEOUTS, ...deps.timeouts };
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequest, err: (err: Error) => serializeError(err) },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    // Node checks requestTimeout only when the headers' own limit is not longer, so both are set at creation.
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: Math.min(timeouts.requestMs, 15_000),
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    // 431, malformed requests and timeouts answer in the API's { error, code } shape too.
    clientErrorHandler: handleClientError,
    // A hop count becomes the function Fastify's types expect: trust the nearest N proxies.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // A caller's (or proxy's) x-request-id is kept when it is sane, so one id follows the request through.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('metrics', metrics);
  const readiness = new Readiness();
  app.decorate('readiness', readiness);
  // Requests are counted and timed by route pattern (ids never make new series); the probes are not.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (route !== '/healthz' && route !== '/readyz' && route !== '/metrics')
      metrics.observeRequest(request.method, route ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);

  // Sign-in with a provider on the web: the Firebase SDK loads Google's script loader, frames the
  // project's auth domain for the popup and redirect handler, and calls the token endpoints; the
  // popup reports back to this page, which cross-origin isolation of the opener would forbid.
  const firebaseWeb = config.firebase?.web;
  const firebaseSources = firebaseWeb
    ? {
        script: ['https://apis.google.com'],
        frame: [`https://${firebaseWeb.authDomain}`],
        connect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
      }
    : { script: [], frame: [], connect: [] };
  const securityHeaders = precomputeSecurityHeaders({
    ...(firebaseWeb ? { crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const } } : {}),
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...firebaseSources.script],
        frameSrc: ["'self'", ...firebaseSources.frame],
        // Mantine sets inline styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...config.corsOrigins, ...firebaseSources.connect],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // The product may be served over plain HTTP on a LAN (phones testing the app); forcing https would break it.
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    methods: ['GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS'],
    exposedHeaders: ['x-request-id'],
  });

  const limiter = new RateLimiter(deps.db, clock);
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(limiter),
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        429,
        'RATE_LIMITED',
        `Too many requests. Please wait ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds and try again.`,
      ),
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Holeout API',
        version: '4.0.0',
        description: 'The /v4 API of Holeout, the golf practice and performance tracker. Errors answer `{ error, code, details? }`.',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  const access = new Access(deps.db);
  // Work after its answer (mails: codes, an address change's notice; statistics cache writes) finishes before the app closes, and with it the mailer and the database.
  const background = new BackgroundWork();
  app.decorate('background', background);
  // Work after an answer waits until no answer is in progress: each counts until it has been sent (or its client has gone).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.raw.once('close', background.answerStarted());
    done();
  });
  app.addHook('onClose', async () => {
    if (!(await background.settled())) app.log.warn('closing with work after an answer still running');
  });
  const auth = createAuthModule({
    background,
    db: deps.db,
    firebase: config.firebase,
    repository: new AuthRepository(deps.db, clock),
    hasher: createPasswordHasher(deps.passwordCost ?? PRODUCTION_PASSWORD_COST),
    mailer,
    limiter,
    limits: { ...DEFAULT_AUTH_RATE_LIMITS, ...deps.accountRateLimits },
    clock,
    log: app.log,
    ...(deps.maxAttemptWaitMs === undefined ? {} : { maxAttemptWaitMs: deps.maxAttemptWaitMs }),
  });
  const requireUser = auth.requireUser;
  const reads = new ReadRouting(deps.db, deps.replica ?? null, {
    clock,
    log: app.log,
    counted: (target) => metrics.countStatsRead(target),
  });
  const ctx: AppContext = {
    config,
    db: deps.db,
    dbConcurrent: deps.dbDriver === 'pg',
    mailer,
    background,
    clock,
    reads,
    log: app.log,
    requireUser,
  };
  if (deps.replica) {
    // Read-your-own-writes: before a successful write is answered, where it ended in the primary's log
    // is recorded, so the writer's next statistics come from the replica only once it has replayed that.
    app.addHook('onSend', async (request, reply) => {
      if (!isCallerWrite(request) || reply.statusCode >= 400) return;
      try {
        await reads.recordWrite(request.caller!.uid);
      } catch (err) {
        // The write itself is done; without its position the writer may briefly read the replica's older figures.
        request.log.warn({ err }, 'could not record the write position for the read replica');
      }
    });
  }
  // Every push is counted by outcome for /metrics.
  const pushSender = metrics.countPush(deps.pushSender ?? createPushSender(config.push, { log: app.log, clock }));
  const notifications = createNotificationsModule(ctx, { pushSender });
  const notifier = notifications.notifier;
  app.decorate('notifier', notifier);
  app.decorate('push', notifications.push);
  const orgs = createOrgsModule(ctx, { notifier, access });
  const payments = await createPaymentsModule(app, ctx, { notifier, orgs, apiPrefix: API_PREFIX });
  app.decorate('payments', payments.sweep);
  const account = createAccountModule({
    repository: new AccountRepository(deps.db, clock),
    credentials: auth.credentials,
    mailer,
    log: app.log,
    requireUser,
    access,
    beforeDelete: (tx, uid) => payments.guard.assertMayDeleteAccount(tx, uid),
    background,
  });

  app.addHook('onClose', async () => notifier.stop());
  // A write may have created notifications (sharing, invitations, membership): their mails go out now, not at the next 30-second round.
  app.addHook('onResponse', (request, _reply, done) => {
    if (isCallerWrite(request)) notifier.kick();
    done();
  });

  await app.register(
    async (v4) => {
      // JSON over 1 KB is compressed; brotli at quality 4 costs little CPU per answer (11, its default, is for static files).
      await v4.register(compress, {
        threshold: 1024,
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
      });
      v4.addHook('onRequest', requireUtf8Json);
      // Answers carry accounts, tokens and golf data: no browser or proxy may keep them.
      v4.addHook('onSend', async (request, reply) => {
        if (!request.url.startsWith(`${API_PREFIX}/docs`) && !request.url.startsWith(`${API_PREFIX}/media/`))
          reply.header('cache-control', 'no-store');
      });
      v4.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      // Sign-in first, then the account's data: the order of /account paths in the OpenAPI document.
      await v4.register(auth.routes);
      await v4.register(account.routes);
      // Events place drills and drills read events: the drill library needs nothing of events, so it is made first.
      const drills = createDrillsModule(ctx, { subscriptionOf: (caller) => account.reader.getSubscription(caller) });
      const events = await registerEventsModule(v4, ctx, {
        access,
        idempotency: new Idempotency(clock),
        drills: drills.library,
        defaultShares: (caller) => account.reader.defaultShares(caller),
      });
      await drills.register(v4, { events, access });
      await registerCommentsModule(v4, ctx, { events, notifier });
      // A golfer's own data out (the export zip) and rounds back in, through events' public face.
      await registerPortabilityModule(v4, ctx, { events, settingsOf: (caller) => account.reader.getSettings(caller) });
      const stats = await registerStatsModule(v4, ctx, { subscriptionOf: (caller) => account.reader.getSubscription(caller) });
      await registerTagsModule(v4, ctx, { access });
      await notifications.register(v4);
      await registerDevicesModule(v4, ctx);
      await orgs.register(v4);
      await payments.register(v4);
      const storage = deps.storage ?? createStorage(config);
      await registerMediaModule(v4, ctx, { storage });
      // Live updates of the mobile app: its bundles sit in the same storage as uploads.
      await registerUpdatesModule(v4, ctx, { storage });
      // The AI coach reads rounds through the access layer and writes plans through events and the drill library.
      const ai = await registerAiModule(v4, ctx, {
        drills: drills.coach,
        events,
        subscriptionOf: (caller) => account.reader.getSubscription(caller),
        idempotency: new Idempotency(clock),
      });
      // Statistics reports: the statistics, the AI coach's latest diagnosis and the organisation's brand, as the API serves them.
      app.decorate('reports', await registerReportsModule(v4, ctx, { stats, ai, orgs, account: account.reader, storage }));
    },
    { prefix: API_PREFIX },
  );

  // The phone apps' link association files, at the root where Android and iOS look for them.
  await registerWellKnownModule(app, ctx);
  // /healthz, /readyz and /metrics, at the root where balancers and Prometheus look for them.
  await registerHealthModule(app, ctx, { readiness, metrics });

  const serveWebApp = hasWebApp(config.webDist);
  if (serveWebApp) await registerWebApp(app, config.webDist);

  const notFoundLimit = deps.notFoundLimit ?? { max: 60, windowMs: 60_000 };
  const isApiUrl = (url: string) => url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);
  // A missing hashed asset is a real 404 (a stale page asking for an old chunk), not a client route.
  const isWebRoute = (method: string, url: string) =>
    serveWebApp && !isApiUrl(url) && !url.startsWith('/assets/') && (method === 'GET' || method === 'HEAD');
  app.setNotFoundHandler(
    {
      // Probing for paths is limited; a browser opening a deep link of the web app is not.
      preHandler: app.rateLimit({
        max: notFoundLimit.max,
        timeWindow: notFoundLimit.windowMs,
        allowList: (request) => isWebRoute(request.method, request.url),
      }),
    },
    async (request, reply) => {
      // The web app routes in the browser: any other GET that is no file gets index.html.
      if (isWebRoute(request.method, request.url)) {
        reply.header('cache-control', 'no-cache');
        return reply.type('text/html').sendFile('index.html');
      }
      const err = notFound(`No such path: ${request.method} ${request.url.split('?')[0]}`);
      // Like every API answer: no browser or proxy keeps it (a path may exist tomorrow).
      reply.header('cache-control', 'no-store');
      return reply.code(404).send({ error: err.message, code: err.code } satisfies ErrorBody);
    },
  );

  return app;
}
