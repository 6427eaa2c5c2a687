import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountCodeBody,
  accountSessionsResponse,
  emailQuery,
  firebaseRegisterBody,
  firebaseRegisterResponse,
  idTokenBody,
  linksResponse,
  loginBody,
  loginResponse,
  methodQuery,
  okResponse,
  passwordResetBody,
  passwordStrengthBody,
  passwordStrengthResponse,
  publicConfig,
  registerBody,
  registerResponse,
  SIGN_IN_METHODS,
  tokenIdQuery,
  unlinkQuery,
  updatePasswordBody,
  verifyQuery,
  verifyResponse,
  type SignInMethod,
} from '@holeout/contracts';
import { ApiError } from '../../lib/api-error.ts';
import { bodyError, errorResponses } from '../../lib/route-schemas.ts';
import type { AuthService } from './auth.service.ts';
import { callerOf, type RequireUser } from './caller.ts';
import type { FederatedService } from './federated.service.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  federated: FederatedService;
  requireUser: RequireUser;
}

/** ?method= of login, register and link: email or firebase; anything else is 400 'Invalid method'. */
function signInMethod(method: string, allowed: readonly SignInMethod[] = SIGN_IN_METHODS): SignInMethod {
  const found = allowed.find((m) => m === method);
  if (!found) throw new ApiError(400, 'INVALID_METHOD', 'Invalid method');
  return found;
}

/** The body as the method's schema reads it, or the 400 that names its fields. */
function bodyOf<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw bodyError(parsed.error);
  return parsed.data;
}

/**
 * Login and register take a body whose shape depends on ?method=, so their body is checked in the
 * handler (after the method) against that method's schema; the query is checked as everywhere.
 */
const bodyByMethod: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

// The calls keep their /account URLs and OpenAPI tag: clients know them as account calls.
const tags = ['account'];
const security = [{ bearerAuth: [] }];

/** Signing up, signing in, sessions and passwords: thin handlers, the rules live in AuthService. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, federated, requireUser }) => {
  app.get('/config', {
    schema: {
      tags,
      summary: 'What a signed-out client needs: the providers offered as "Continue with ..." and the Firebase web settings',
      response: { 200: publicConfig },
    },
    handler: async () => federated.publicConfig(),
  });

  app.post('/account/register', {
    validatorCompiler: bodyByMethod,
    schema: {
      tags,
      summary:
        'method=email (default): register with e-mail and password; mails a 6-digit verification code and answers { uid: -1, ticket } whether or not the address is taken (the ticket lets GET /account/verify sign this browser in). method=firebase: a verified account for a Google, Apple or Microsoft identity the address of which the provider confirmed, signed in at once ({ uid, token }); 409 EMAIL_TAKEN when the address has an account (log in and link instead), 409 IDENTITY_LINKED when the identity has one. Any other method: 400 Invalid method',
      querystring: methodQuery,
      body: z.union([registerBody, firebaseRegisterBody]),
      response: { 200: z.union([registerResponse, firebaseRegisterResponse]), ...errorResponses(400, 401, 409, 429, 503) },
    },
    handler: async (request) => {
      if (signInMethod(request.query.method) === 'firebase')
        return federated.register(bodyOf(firebaseRegisterBody, request.body), request.ip, request.headers['user-agent']);
      return auth.register(bodyOf(registerBody, request.body), request.ip);
    },
  });

  app.post('/account/password_strength', {
    schema: {
      tags,
      summary:
        'How strong a new password is, judged as registration, a reset and a change judge it (zxcvbn score 3 or more, at least 12 characters): { score, acceptable, message }. For the forms while the golfer types; no sign-in, counted per client address (429 beyond 120 a minute); the password is neither stored nor logged',
      body: passwordStrengthBody,
      response: { 200: passwordStrengthResponse, ...errorResponses(400, 429) },
    },
    handler: async (request) => auth.passwordStrength(request.body, request.ip),
  });

  app.get('/account/verify', {
    schema: {
      tags,
      summary:
        'Confirm the e-mail address with the mailed code (single use, 15 minutes). With the ticket registration answered, it also signs that browser in as login does ({ uid, token }); without, it answers { uid }. A wrong, used or expired code is a 400 and signs nobody in',
      querystring: verifyQuery,
      response: { 200: verifyResponse, ...errorResponses(400, 429) },
    },
    handler: async (request) => auth.verify(request.query, request.ip, request.headers['user-agent']),
  });

  app.get('/account/regencode', {
    schema: {
      tags,
      summary: 'Mail a new verification code (same answer for any e-mail)',
      querystring: emailQuery,
      response: { 200: okResponse, ...errorResponses(400, 429) },
    },
    handler: async (request) => {
      await auth.regenerateCode(request.query.email, request.ip);
      return { ok: true as const };
    },
  });

  app.post('/account/login', {
    validatorCompiler: bodyByMethod,
    schema: {
      tags,
      summary:
        'method=email (default): sign in with e-mail and password. method=firebase: sign in with a Firebase ID token of a linked Google, Apple or Microsoft identity; 404 NOT_REGISTERED when none is linked (nothing is created), 401 INVALID_ID_TOKEN for any other token. Any other method: 400 Invalid method',
      querystring: methodQuery,
      body: z.union([loginBody, idTokenBody]),
      response: { 200: loginResponse, ...errorResponses(400, 401, 403, 404, 429, 503) },
    },
    handler: async (request) => {
      const userAgent = request.headers['user-agent'];
      if (signInMethod(request.query.method) === 'firebase')
        return federated.login(bodyOf(idTokenBody, request.body).idToken, request.ip, userAgent);
      return auth.login(bodyOf(loginBody, request.body), request.ip, userAgent);
    },
  });

  app.post('/account/link', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary:
        "Link a Google, Apple or Microsoft identity (method=firebase, the only method) to the caller: 409 IDENTITY_TAKEN when it belongs to another account, 409 PROVIDER_LINKED when another identity of that provider is linked; a bad token is 401 INVALID_ID_TOKEN (the caller's session stays good)",
      querystring: methodQuery,
      body: idTokenBody,
      response: { 200: linksResponse, ...errorResponses(400, 401, 409, 429, 503) },
    },
    handler: async (request) => {
      signInMethod(request.query.method, ['firebase']);
      return { links: await federated.link(callerOf(request), request.body.idToken, request.ip) };
    },
  });

  app.get('/account/links', {
    onRequest: requireUser,
    schema: { tags, security, summary: 'The identities linked to the caller', response: { 200: linksResponse, ...errorResponses(401) } },
    handler: async (request) => ({ links: await federated.links(callerOf(request)) }),
  });

  app.delete('/account/links', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary:
        'Unlink a provider; answers the links left. 404 when it is not linked; 409 LAST_SIGN_IN for the only way into an account without a password',
      querystring: unlinkQuery,
      response: { 200: linksResponse, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (request) => ({ links: await federated.unlink(callerOf(request), request.query.provider) }),
  });

  app.post('/account/code', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary:
        'Mail the caller a 6-digit code: set_password (an account without a password sets its first one with POST /account/set_password; 409 HAS_PASSWORD otherwise) or delete_account (confirms DELETE /account of an account without a password)',
      body: accountCodeBody,
      response: { 200: okResponse, ...errorResponses(400, 401, 409, 429) },
    },
    handler: async (request) => {
      await auth.requestAccountCode(callerOf(request), request.body.purpose, request.ip);
      return { ok: true as const };
    },
  });

  app.post('/account/logout', {
    onRequest: requireUser,
    schema: { tags, security, summary: 'Revoke the presented token', response: { 200: okResponse, ...errorResponses(401) } },
    handler: async (request) => {
      await auth.logout(callerOf(request));
      return { ok: true as const };
    },
  });

  app.get('/account/forgot_password', {
    schema: {
      tags,
      summary: 'Mail a password reset code (same answer for any e-mail)',
      querystring: emailQuery,
      response: { 200: okResponse, ...errorResponses(400, 429) },
    },
    handler: async (request) => {
      await auth.forgotPassword(request.query.email, request.ip);
      return { ok: true as const };
    },
  });

  app.post('/account/password_reset', {
    schema: {
      tags,
      summary: 'Set a new password with a reset code; verifies the e-mail and ends every session',
      body: passwordResetBody,
      response: { 200: okResponse, ...errorResponses(400, 429) },
    },
    handler: async (request) => {
      await auth.resetPassword(request.body, request.ip);
      return { ok: true as const };
    },
  });

  app.get('/account/sessions', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: "The caller's live sessions (devices signed in)",
      response: { 200: accountSessionsResponse, ...errorResponses(401) },
    },
    handler: async (request) => ({ sessions: await auth.listSessions(callerOf(request)) }),
  });

  app.delete('/account/sessions', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: "End one of the caller's sessions",
      querystring: tokenIdQuery,
      response: { 200: okResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => {
      await auth.endSession(callerOf(request), request.query.token_id);
      return { ok: true as const };
    },
  });

  app.post('/account/update_password', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: 'Change the password (wrong current password: 403, not 401)',
      body: updatePasswordBody,
      response: { 200: okResponse, ...errorResponses(400, 401, 403, 429) },
    },
    handler: async (request) => {
      await auth.updatePassword(callerOf(request), request.body);
      return { ok: true as const };
    },
  });
};
