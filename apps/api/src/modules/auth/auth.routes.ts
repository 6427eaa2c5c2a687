import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountSessionsResponse,
  emailQuery,
  loginBody,
  loginResponse,
  okResponse,
  passwordResetBody,
  registerBody,
  registerQuery,
  registerResponse,
  tokenIdQuery,
  updatePasswordBody,
  verifyQuery,
  verifyResponse,
} from '@holeout/contracts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { AuthService } from './auth.service.ts';
import { callerOf, type RequireUser } from './caller.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  requireUser: RequireUser;
}

// The calls keep their /account URLs and OpenAPI tag: clients know them as account calls.
const tags = ['account'];
const security = [{ bearerAuth: [] }];

/** Signing up, signing in, sessions and passwords: thin handlers, the rules live in AuthService. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, requireUser }) => {
  app.post('/account/register', {
    schema: {
      tags,
      summary:
        'Register with e-mail and password; mails a 6-digit verification code. Answers { uid: -1, ticket } whether or not the address is taken; the ticket lets GET /account/verify sign this browser in',
      querystring: registerQuery,
      body: registerBody,
      response: { 200: registerResponse, ...errorResponses(400, 429) },
    },
    handler: async (request) => auth.register(request.body, request.ip),
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
    schema: {
      tags,
      summary: 'Sign in with e-mail and password',
      body: loginBody,
      response: { 200: loginResponse, ...errorResponses(400, 401, 403, 429) },
    },
    handler: async (request) => auth.login(request.body, request.ip, request.headers['user-agent']),
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
