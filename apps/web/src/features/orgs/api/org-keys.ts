/**
 * The query keys of the organisation calls. Everything starts with ['orgs'] (GET /orgs itself, the
 * key the events feature uses for it too), so leaving an organisation can refresh all of it at once.
 * The caller's own invitations are invites.ts's (['orgs', 'invites', 'mine']).
 */
export const orgKeys = {
  all: ['orgs'] as const,
  subscription: (orgId: number) => ['orgs', 'subscription', orgId] as const,
  members: (orgId: number) => ['orgs', 'members', orgId] as const,
  orgInvites: (orgId: number) => ['orgs', 'invites', 'org', orgId] as const,
};
