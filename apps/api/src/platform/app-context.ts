import type { BackgroundWork } from '../lib/background-work.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../integrations/mail/mailer.ts';
import type { ReadRouting } from './replica/read-routing.ts';

/** The app with its zod type provider: what every module registers its routes on. */
export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/** An onRequest hook that resolves the bearer token to `request.caller` or answers 401. */
export type RequireUser = (request: FastifyRequest) => Promise<void>;

/**
 * What every module is built from: one object, made once by buildApp. A module takes what it needs
 * from here and the public interfaces of the modules it uses; nothing else reaches it.
 */
export interface AppContext {
  config: AppConfig;
  db: Database;
  /** The database answers several queries at once (PostgreSQL's pool); false on PGlite, which has one connection. */
  dbConcurrent: boolean;
  mailer: Mailer;
  /** Work done after its answer has gone (mails, cache writes); the app waits for it when it closes. */
  background: BackgroundWork;
  /** The time; tests move it. */
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Where reads that may use a streaming replica (the statistics) go for each reader. */
  reads: ReadRouting;
  /** Guards the routes that need a signed-in user. */
  requireUser: RequireUser;
}
