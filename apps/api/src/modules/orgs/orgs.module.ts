import type { Database } from '../../db/client.ts';
import type { App, AppContext } from '../../platform/app-context.ts';
import { OrgsRepository } from './orgs.repository.ts';
import { orgsRoutes } from './orgs.routes.ts';
import { OrgsService, type OrgBrand, type OrgsNotifier } from './orgs.service.ts';
import type { Access } from '../../platform/access/access.ts';

/*
 * The organisations module's public face: organisations, their members and seats, invitations, and
 * the people a user knows. Other modules reach it only through the interfaces below.
 */

export type { OrgBrand, OrgNotice, OrgsNotifier } from './orgs.service.ts';

/** Where a user's access comes from (users.sub_id), worked out again inside the caller's transaction. */
export interface OrgsAccess {
  /**
   * The highest active level wins: a subscription the user bought, or a seat in an organisation
   * whose coach-level subscription is active; their own purchase on a tie. With nothing active it
   * keeps their own (lapsed) subscription, or clears it.
   */
  refreshAccess(tx: Database, uid: number): Promise<void>;
}

/** What reports read of organisations: the brand of a user's pages. */
export interface OrgsBranding {
  /** The user's organisation carrying the subscription `subId` (their access): its name, colour and logo; null when none does. */
  brandOf(uid: number, subId: number): Promise<OrgBrand | null>;
}

/** What organisations need from outside: the notifications of membership and invitations, and who knows whom (GET /people). */
export interface OrgsUses {
  notifier: OrgsNotifier;
  access: Access;
}

/**
 * Built in two steps because payments use it before the /v4 routes exist: `refreshAccess` at
 * once, the routes when `register` is called.
 */
export interface OrgsModule extends OrgsAccess, OrgsBranding {
  /** GET/POST /orgs, /orgs/subscription, /orgs/members, /orgs/seat, /orgs/member, /orgs/leave, the invitations, GET /people. */
  register(v4: App): Promise<void>;
}

export function createOrgsModule(ctx: AppContext, uses: OrgsUses): OrgsModule {
  const orgs = new OrgsService({
    repository: new OrgsRepository(ctx.db),
    notifier: uses.notifier,
    access: uses.access,
    mailer: ctx.mailer,
    clock: ctx.clock,
    publicUrl: ctx.config.publicUrl,
    log: ctx.log,
  });
  return {
    refreshAccess: (tx, uid) => orgs.refreshAccess(tx, uid),
    brandOf: (uid, subId) => orgs.brandOf(uid, subId),
    async register(v4) {
      await v4.register(orgsRoutes, { orgs, requireUser: ctx.requireUser });
    },
  };
}
