import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmEmailBody,
  deleteAccountBody,
  okResponse,
  setPasswordBody,
  settings,
  settingsUpdate,
  subscriptionResponse,
  updateAccountBody,
  user,
} from '@holeout/contracts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { callerOf, type RequireUser } from '../auth/auth.module.ts';
import type { AccountService } from './account.service.ts';

export interface AccountRoutesOptions {
  accounts: AccountService;
  requireUser: RequireUser;
}

const tags = ['account'];
const security = [{ bearerAuth: [] }];

/**
 * The user's own data under /account: profile, e-mail change, settings, subscription, deletion.
 * Thin handlers; the rules live in AccountService. Signing in, sessions and passwords are the auth
 * module's routes, under /account too.
 */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { accounts, requireUser }) => {
  // The old wiring (app.ts built only AccountService): the auth routes come with it, first, as app.ts will register them.

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

  app.delete('/account', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary:
        'Delete the account and its data. An account without a password sends { idToken } of a linked provider signed in within 5 minutes, or { code } mailed by POST /account/code (purpose delete_account): 403 CONFIRMATION_REQUIRED, SIGN_IN_AGAIN or NOT_LINKED, 400 INVALID_CODE otherwise',
      body: deleteAccountBody,
      response: { 200: okResponse, ...errorResponses(400, 401, 403, 409, 429, 503) },
    },
    handler: async (request) => {
      await accounts.deleteAccount(callerOf(request), request.body, request.ip);
      return { ok: true as const };
    },
  });

  app.post('/account/set_password', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary:
        'Set the first password of an account made with a provider, with the code mailed by POST /account/code (purpose set_password); other sessions end. 409 HAS_PASSWORD when it has one',
      body: setPasswordBody,
      response: { 200: user, ...errorResponses(400, 401, 409, 429) },
    },
    handler: async (request) => accounts.setFirstPassword(callerOf(request), request.body),
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
