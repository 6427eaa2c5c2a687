import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FirebaseConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { FirebaseTokenVerifier } from '../../integrations/firebase/firebase-tokens.ts';
import { authRoutes } from './auth.routes.ts';
import { AuthService, type AccountCredentials, type AuthServiceDeps } from './auth.service.ts';
import { createRequireUser, type RequireUser } from './caller.ts';
import { FederatedRepository } from './federated.repository.ts';
import { FederatedService } from './federated.service.ts';

/*
 * The auth module's public face. Auth is who is calling and how they prove it: registration and its
 * verification code, login and logout (with a password, or with Google, Apple or Microsoft through
 * Firebase ID tokens, and the identities linked to an account), bearer tokens and sessions, password
 * reset and change, the one-time codes (the e-mail change code included) and the failure limits on
 * every password, code and provider token check. What the user is (profile, e-mail address,
 * settings, subscription, deletion) is the account module's, which uses AccountCredentials from
 * here; auth never imports account.
 */

export type { Caller, RequireUser, ResolvedToken, TokenStore } from './caller.ts';
export { callerOf, createRequireUser } from './caller.ts';
export type { AccountCredentials, CodeWrite, EmailCodeUse } from './auth.service.ts';
export { AuthRepository } from './auth.repository.ts';
export { CODE_LIFETIME_WORDS, DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimits } from './auth.policy.ts';

export interface AuthModuleDeps extends AuthServiceDeps {
  db: Database;
  /** Federated sign-in; null: e-mail and password only. */
  firebase: FirebaseConfig | null;
}

export interface AuthModule {
  /** The onRequest hook of every route that needs a signed-in user. */
  requireUser: RequireUser;
  /** For the account module: the current password, the e-mail change codes, a first password, and confirming a deletion. */
  credentials: AccountCredentials;
  /**
   * Under /account: register, verify, regencode, login, logout, forgot_password, password_reset,
   * sessions (GET, DELETE), update_password, link, links (GET, DELETE), code; and GET /config.
   */
  routes: FastifyPluginAsyncZod;
}

export function createAuthModule(deps: AuthModuleDeps): AuthModule {
  const service = new AuthService(deps);
  const requireUser = createRequireUser(deps.repository);
  const verifier = deps.firebase
    ? new FirebaseTokenVerifier({
        projectId: deps.firebase.projectId,
        jwksUrl: deps.firebase.jwksUrl,
        clock: deps.clock,
        warn: (message, err) => deps.log.warn({ err }, message),
      })
    : null;
  const federated = new FederatedService({
    config: deps.firebase,
    verifier,
    repository: new FederatedRepository(deps.db, deps.clock),
    authRepository: deps.repository,
    auth: service,
    clock: deps.clock,
    log: deps.log,
  });
  const credentials: AccountCredentials = {
    checkCurrentPassword: (caller, password) => service.checkCurrentPassword(caller, password),
    issueEmailCode: (uid, email) => service.issueEmailCode(uid, email),
    confirmEmailCode: (caller, code, confirm) => service.confirmEmailCode(caller, code, confirm),
    setFirstPassword: (caller, input) => service.setFirstPassword(caller, input),
    confirmDeletion: (caller, body, ip) => federated.confirmDeletion(caller, body, ip),
  };
  return {
    requireUser,
    credentials,
    routes: async (app) => {
      await app.register(authRoutes, { auth: service, federated, requireUser });
    },
  };
}
