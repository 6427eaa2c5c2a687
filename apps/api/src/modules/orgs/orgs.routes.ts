import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  inviteBody,
  inviteIdQuery,
  invitesQuery,
  okResponse,
  org,
  orgBody,
  orgIdQuery,
  orgInvite,
  orgInvitesResponse,
  orgList,
  orgMember,
  orgMemberQuery,
  orgMembersResponse,
  orgSubscriptionResponse,
  orgUpsertQuery,
  peopleResponse,
  seatBody,
  shareRoundsBody,
  shareRoundsQuery,
  shareRoundsResponse,
} from '@holeout/contracts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { RequireUser } from '../../platform/app-context.ts';
import { callerOf } from '../auth/auth.module.ts';
import type { OrgsService } from './orgs.service.ts';

export interface OrgsRoutesOptions {
  orgs: OrgsService;
  requireUser: RequireUser;
}

/** Organisations, seats, membership, invitations and people: GET /orgs and /orgs/*, GET /people. */
export const orgsRoutes: FastifyPluginAsyncZod<OrgsRoutesOptions> = async (app, { orgs, requireUser }) => {
  const auth = { onRequest: requireUser };
  const secured = { tags: ['orgs'], security: [{ bearerAuth: [] }] };

  app.get('/orgs', {
    ...auth,
    schema: {
      ...secured,
      summary: 'Organisations the caller belongs to, with their role, seat and logo',
      response: { 200: orgList, ...errorResponses(401) },
    },
    handler: async (request) => orgs.listForMember(callerOf(request).uid),
  });

  app.post('/orgs', {
    ...auth,
    schema: {
      ...secured,
      summary:
        'With org_id: a coach of the organisation changes its name, logo or colour. Without: the purchaser of a coach-level subscription creates its organisation',
      querystring: orgUpsertQuery,
      body: orgBody,
      response: { 200: org, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      const body = { name: request.body.name, media_id: request.body.media_id, colour: request.body.colour };
      return request.query.org_id === undefined ? orgs.create(caller, body) : orgs.update(caller, request.query.org_id, body);
    },
  });

  app.get('/orgs/subscription', {
    ...auth,
    schema: {
      ...secured,
      summary: "The organisation's subscription with its seats (null without one); for its members",
      querystring: orgIdQuery,
      response: { 200: orgSubscriptionResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => orgs.subscription(callerOf(request), request.query.org_id),
  });

  app.get('/orgs/members', {
    ...auth,
    schema: {
      ...secured,
      summary: "The members: every one (with e-mail) for the organisation's coaches, the coaches for a player",
      querystring: orgIdQuery,
      response: { 200: orgMembersResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => ({ members: await orgs.members(callerOf(request), request.query.org_id) }),
  });

  app.post('/orgs/seat', {
    ...auth,
    schema: {
      ...secured,
      summary: "The purchaser gives a member a seat (COACH for coaches, PREMIUM) or frees it (null); 409 when the plan's seats are taken",
      querystring: orgIdQuery,
      body: seatBody,
      response: { 200: orgMember, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => orgs.setSeat(callerOf(request), request.query.org_id, request.body),
  });

  app.delete('/orgs/member', {
    ...auth,
    schema: {
      ...secured,
      summary: 'A coach removes a member (not the purchaser): their seat and their shares to the organisation end, and they are told',
      querystring: orgMemberQuery,
      response: { 200: okResponse, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      await orgs.removeMember(callerOf(request), request.query.org_id, request.query.uid);
      return { ok: true as const };
    },
  });

  app.get('/orgs/leave', {
    ...auth,
    schema: {
      ...secured,
      summary: 'Leave the organisation (not its purchaser while the subscription is active); its coaches are told',
      querystring: orgIdQuery,
      response: { 200: okResponse, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (request) => {
      await orgs.leave(callerOf(request), request.query.org_id);
      return { ok: true as const };
    },
  });

  app.post('/orgs/invite', {
    ...auth,
    // Each invitation sends a mail to an address the caller chooses: a coach's day of inviting fits well within this.
    preHandler: app.rateLimit({ max: 100, timeWindow: 60 * 60_000, keyGenerator: (request) => `invite:${callerOf(request).uid}` }),
    schema: {
      ...secured,
      summary: 'A coach invites an e-mail address as coach or player; the invitation lasts 14 days',
      querystring: orgIdQuery,
      body: inviteBody,
      response: { 200: orgInvite, ...errorResponses(400, 401, 403, 404, 409, 429) },
    },
    handler: async (request) => orgs.invite(callerOf(request), request.query.org_id, request.body),
  });

  app.get('/orgs/invites', {
    ...auth,
    schema: {
      ...secured,
      summary: "The caller's open invitations; with org_id, that organisation's open ones (its coaches)",
      querystring: invitesQuery,
      response: { 200: orgInvitesResponse, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => ({ invites: await orgs.invites(callerOf(request), request.query.org_id) }),
  });

  app.get('/orgs/invite', {
    ...auth,
    schema: {
      ...secured,
      summary: "One invitation, for its addressee or the organisation's coaches",
      querystring: inviteIdQuery,
      response: { 200: orgInvite, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => orgs.inviteById(callerOf(request), request.query.invite_id),
  });

  app.post('/orgs/invite/resend', {
    ...auth,
    preHandler: app.rateLimit({ max: 100, timeWindow: 60 * 60_000, keyGenerator: (request) => `invite:${callerOf(request).uid}` }),
    schema: {
      ...secured,
      summary: 'A coach mails an open or expired invitation again; it is open for another 14 days',
      querystring: inviteIdQuery,
      response: { 200: orgInvite, ...errorResponses(400, 401, 404, 409, 429) },
    },
    handler: async (request) => orgs.resend(callerOf(request), request.query.invite_id),
  });

  app.delete('/orgs/invite', {
    ...auth,
    schema: {
      ...secured,
      summary: 'A coach withdraws an open invitation',
      querystring: inviteIdQuery,
      response: { 200: okResponse, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (request) => {
      await orgs.cancel(callerOf(request), request.query.invite_id);
      return { ok: true as const };
    },
  });

  app.get('/orgs/invite/accept', {
    ...auth,
    schema: {
      ...secured,
      summary: 'The addressee joins the organisation (once, within 14 days); the inviter is told',
      querystring: inviteIdQuery,
      response: { 200: org, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (request) => orgs.accept(callerOf(request), request.query.invite_id),
  });

  app.get('/orgs/invite/decline', {
    ...auth,
    schema: {
      ...secured,
      summary: 'The addressee declines (once); the inviter is told',
      querystring: inviteIdQuery,
      response: { 200: okResponse, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (request) => {
      await orgs.decline(callerOf(request), request.query.invite_id);
      return { ok: true as const };
    },
  });

  app.post('/orgs/share-rounds', {
    ...auth,
    schema: {
      ...secured,
      summary:
        "A member shares their own rounds since a date (null: all) with the organisation's coaches, in one transaction and idempotently; answers how many the coaches see. " +
        'Shared rounds take the SHARE_COACHES scope (their own shares kept), decided when read: a coach who joins later sees them and one who leaves no longer does, ' +
        "and it reaches the coaches of each of the member's organisations. Private (SHARE_SELF) and public (SHARE_PUBLIC) rounds are left as they are. 404 for a non-member",
      querystring: shareRoundsQuery,
      body: shareRoundsBody,
      response: { 200: shareRoundsResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => orgs.shareRounds(callerOf(request), request.query.org_id, request.body),
  });

  app.get('/people', {
    ...auth,
    schema: {
      tags: ['people'],
      security: [{ bearerAuth: [] }],
      summary: 'Everyone the caller shares an organisation or an item with',
      response: { 200: peopleResponse, ...errorResponses(401) },
    },
    handler: async (request) => ({ people: await orgs.people(callerOf(request)) }),
  });
};
