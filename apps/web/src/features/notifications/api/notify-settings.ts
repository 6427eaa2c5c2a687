import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { NotifyPreferences, Settings } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session/session.ts';

/**
 * GET /account/settings, for when the session has none yet (its load after sign-in failed or is
 * still on its way): the page must not save defaults over preferences it has not read.
 */
export const accountSettingsQuery = () =>
  queryOptions({
    queryKey: ['account', 'settings'],
    queryFn: () => apiClient.get<Settings>('/account/settings', { fallbackMessage: 'Could not load your settings' }),
  });

export function useAccountSettings(enabled: boolean) {
  return useQuery({ ...accountSettingsQuery(), enabled });
}

/** POST /account/settings with { notify }: the session keeps (and caches) the settings the API answers. */
export function useSaveNotifySettings() {
  return useMutation({ mutationFn: (notify: NotifyPreferences) => session.saveSettings({ notify }) });
}
