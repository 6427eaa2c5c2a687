import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountSessionsResponse,
  confirmEmailBody,
  emailQuery,
  loginBody,
  loginResponse,
  okResponse,
  passwordResetBody,
  registerBody,
  registerQuery,
  settings,
  settingsUpdate,
  subscriptionResponse,
  tokenIdQuery,
  uidResponse,
  updateAccountBody,
  updatePasswordBody,
  user,
  verifyQuery,
} from '@holeout/contracts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { callerOf, type createRequireUser } from '../../plugins/auth.ts';
import type { AccountService } from './account.service.ts';

export interface AccountRoutesOptions {
  accounts: AccountService;
  requireUser: ReturnType<typeof createRequireUser>;
}

const tags = ['account'];
const security = [{ bearerAuth: [] }];

/** Spec section 7, Account: thin handlers, rules live in AccountService. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { accounts, requireUser }) => {
  app.post('/account/register', {
    schema: {
      tags,
      summary:
        'Register with e-mail and password; mails a 6-digit verification code. Answers { uid: -1 } whether or not the address is taken',
      querystring: registerQuery,
      body: registerBody,
      response: { 200: uidResponse, ...errorResponses(400, 429) },
    },
    handler: async (request) => accounts.register(request.body, request.ip),
  });

  app.get('/account/verify', {
    schema: {
      tags,
      summary: 'Confirm the e-mail address with the mailed code',
      querystring: verifyQuery,
      response: { 200: uidResponse, ...errorResponses(400, 429) },
    },
    handler: async (request) => accounts.verify(request.query.email, request.query.code, request.ip),
  });

  app.get('/account/regencode', {
    schema: {
      tags,
      summary: 'Mail a new verification code (same answer for any e-mail)',
      querystring: emailQuery,
      response: { 200: okResponse, ...errorResponses(400, 429) },
    },
    handler: async (request) => {
      await accounts.regenerateCode(request.query.email, request.ip);
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
    handler: async (request) => accounts.login(request.body, request.ip, request.headers['user-agent']),
  });

  app.post('/account/logout', {
    onRequest: requireUser,
    schema: { tags, security, summary: 'Revoke the presented token', response: { 200: okResponse, ...errorResponses(401) } },
    handler: async (request) => {
      await accounts.logout(callerOf(request));
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
      await accounts.forgotPassword(request.query.email, request.ip);
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
      await accounts.resetPassword(request.body, request.ip);
      return { ok: true as const };
    },
  });

  app.get('/account', {
    onRequest: requireUser,
    schema: { tags, security, summary: 'The signed-in user', response: { 200: user, ...errorResponses(401) } },
    handler: async (request) => accounts.getUser(callerOf(request)),
  });

  app.post('/account', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: 'Update the profile. A new e-mail needs the current password and takes effect when the code mailed to it is confirmed',
      body: updateAccountBody,
      response: { 200: user, ...errorResponses(400, 401, 403, 409, 429) },
    },
    handler: async (request) => accounts.updateUser(callerOf(request), request.body),
  });

  app.post('/account/confirm_email', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: 'Complete an e-mail change with the code mailed to the new address',
      body: confirmEmailBody,
      response: { 200: user, ...errorResponses(400, 401, 409, 429) },
    },
    handler: async (request) => accounts.confirmEmail(callerOf(request), request.body.code),
  });

  app.get('/account/sessions', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: "The caller's live sessions (devices signed in)",
      response: { 200: accountSessionsResponse, ...errorResponses(401) },
    },
    handler: async (request) => ({ sessions: await accounts.listSessions(callerOf(request)) }),
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
      await accounts.endSession(callerOf(request), request.query.token_id);
      return { ok: true as const };
    },
  });

  app.delete('/account', {
    onRequest: requireUser,
    schema: { tags, security, summary: 'Delete the account and its data', response: { 200: okResponse, ...errorResponses(401) } },
    handler: async (request) => {
      await accounts.deleteAccount(callerOf(request));
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
      await accounts.updatePassword(callerOf(request), request.body);
      return { ok: true as const };
    },
  });

  app.get('/account/settings', {
    onRequest: requireUser,
    schema: { tags, security, summary: 'Settings with defaults', response: { 200: settings, ...errorResponses(401) } },
    handler: async (request) => accounts.getSettings(callerOf(request)),
  });

  app.post('/account/settings', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: 'Save any subset of the settings',
      body: settingsUpdate,
      response: { 200: settings, ...errorResponses(400, 401) },
    },
    handler: async (request) => accounts.saveSettings(callerOf(request), request.body),
  });

  app.get('/account/subscription', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: "The user's subscription, or null",
      response: { 200: subscriptionResponse, ...errorResponses(401) },
    },
    handler: async (request) => accounts.getSubscription(callerOf(request)),
  });
};
