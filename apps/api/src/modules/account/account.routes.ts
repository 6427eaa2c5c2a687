import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { confirmEmailBody, okResponse, settings, settingsUpdate, subscriptionResponse, updateAccountBody, user } from '@holeout/contracts';
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
    schema: { tags, security, summary: 'Delete the account and its data', response: { 200: okResponse, ...errorResponses(401) } },
    handler: async (request) => {
      await accounts.deleteAccount(callerOf(request));
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
