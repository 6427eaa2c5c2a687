import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth.routes.ts';
import { AuthService, type AccountCredentials, type AuthServiceDeps } from './auth.service.ts';
import { createRequireUser, type RequireUser } from './caller.ts';

/*
 * The auth module's public face. Auth is who is calling and how they prove it: registration and its
 * verification code, login and logout, bearer tokens and sessions, password reset and change, the
 * one-time codes (the e-mail change code included) and the failure limits on every password and
 * code check. What the user is (profile, e-mail address, settings, subscription, deletion) is the
 * account module's, which uses AccountCredentials from here; auth never imports account.
 */

export type { Caller, RequireUser, ResolvedToken, TokenStore } from './caller.ts';
export { callerOf, createRequireUser } from './caller.ts';
export type { AccountCredentials, CodeWrite, EmailCodeUse } from './auth.service.ts';
export { AuthRepository } from './auth.repository.ts';
export { CODE_LIFETIME_WORDS, DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimits } from './auth.policy.ts';

export type AuthModuleDeps = AuthServiceDeps;

export interface AuthModule {
  /** The onRequest hook of every route that needs a signed-in user. */
  requireUser: RequireUser;
  /** For the account module: the current password and the e-mail change codes. */
  credentials: AccountCredentials;
  /** Under /account: register, verify, regencode, login, logout, forgot_password, password_reset, sessions (GET, DELETE), update_password. */
  routes: FastifyPluginAsyncZod;
}

export function createAuthModule(deps: AuthModuleDeps): AuthModule {
  const service = new AuthService(deps);
  const requireUser = createRequireUser(deps.repository);
  return {
    requireUser,
    credentials: service,
    routes: async (app) => {
      await app.register(authRoutes, { auth: service, requireUser });
    },
  };
}
