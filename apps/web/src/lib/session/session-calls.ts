/**
 * The /v4 calls the session itself makes. Pages call the same endpoints through their feature's
 * api/ files; these live here because lib/ may not reach up into features/.
 */
import type { LoginBody, LoginResponse, OkResponse, Settings, SettingsUpdate, User } from '@holeout/contracts';
import type { Subscription } from '@holeout/golf';
import type { ApiClient } from '../api-client.ts';

/** An organisation the user belongs to (GET /orgs), used here for branding. */
export interface OrgSummary {
  org_id: number;
  name: string;
  media_id: number | null;
  /** The logo (at most 512 px), null without one. */
  logo_url: string | null;
  /** The theme colour (#rrggbb) the menu header takes when branding applies, null without one. */
  colour: string | null;
  sub_id: number | null;
}

export const sessionCalls = {
  login: (api: ApiClient, body: LoginBody) =>
    api.post<LoginResponse>('/account/login', body, { auth: false, fallbackMessage: 'Could not log in' }),
  /** The session's own user load: a 401 here has its own rule, so it only raises. */
  getUser: (api: ApiClient) => api.get<User>('/account', { on401: 'throw', quiet: true }),
  getSubscription: (api: ApiClient) => api.get<Subscription | null>('/account/subscription', { quiet: true }),
  getSettings: (api: ApiClient) => api.get<Settings>('/account/settings', { fallbackMessage: 'Could not load your settings' }),
  saveSettings: (api: ApiClient, update: SettingsUpdate) =>
    api.post<Settings>('/account/settings', update, { fallbackMessage: 'Could not save your settings' }),
  getOrgs: (api: ApiClient) => api.get<OrgSummary[]>('/orgs', { quiet: true }),
  countUnread: (api: ApiClient) => api.get<{ count: number }>('/notifications/count_unread', { quiet: true }),
  logout: (api: ApiClient) => api.post<OkResponse>('/account/logout', undefined, { on401: 'throw', quiet: true }),
};
