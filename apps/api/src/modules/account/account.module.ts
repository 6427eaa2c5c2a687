import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Settings, SubscriptionBody } from '@holeout/contracts';
import type { UserRow } from '../../db/schema/index.ts';
import type { Shares } from '@holeout/golf';
import type { Caller, RequireUser } from '../auth/auth.module.ts';
import { accountRoutes } from './account.routes.ts';
import { AccountService, type AccountServiceDeps } from './account.service.ts';

/*
 * The account module's public face. Account is the user's own data: profile and e-mail address,
 * settings and the default shares they hold, the subscription the user's access comes from, and
 * deleting the account. Passwords, codes and sessions come from the auth module (AccountCredentials).
 */

export { AccountRepository } from './account.repository.ts';
export { toSubscriptionBody } from './account.service.ts';

/** What other modules read of the caller's account. */
export interface AccountReader {
  /** The shares a new item takes: the saved defaults, or OWNER for the user and VIEW for each of their organisations. */
  defaultShares(caller: Caller): Promise<Shares>;
  /** The subscription the caller's access comes from (an organisation's at the level of their seat), or null. */
  getSubscription(caller: Caller): Promise<SubscriptionBody | null>;
  /** The caller's settings with defaults filled in (units, custom target, ...), as GET /account/settings answers them. */
  getSettings(caller: Caller): Promise<Settings>;
  /** A user's row by id, or null when there is no such user: for work done for them outside a request (a queued report). */
  userById(uid: number): Promise<UserRow | null>;
}

export interface AccountModuleDeps extends AccountServiceDeps {
  requireUser: RequireUser;
}

export interface AccountModule {
  reader: AccountReader;
  /** GET/POST/DELETE /account, POST /account/confirm_email, GET/POST /account/settings, GET /account/subscription. */
  routes: FastifyPluginAsyncZod;
}

export function createAccountModule({ requireUser, ...deps }: AccountModuleDeps): AccountModule {
  const accounts = new AccountService(deps);
  return {
    reader: accounts,
    routes: async (app) => {
      await app.register(accountRoutes, { accounts, requireUser });
    },
  };
}
