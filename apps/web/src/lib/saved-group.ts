import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client.ts';
import { sessionCalls } from './session/session-calls.ts';
import { useSession } from './session/use-session.ts';

/**
 * A coach's chosen players (settings.group, chosen on the group page) for the team views and team
 * drill results: from the session's settings, or GET /account/settings when they did not load at
 * sign-in. `group` is undefined until one of them answers.
 */
export function useSavedGroup(): { group: number[] | undefined; isError: boolean; retry: () => void } {
  const settings = useSession((s) => s.settings);
  const fallback = useQuery({
    queryKey: ['account', 'settings'],
    queryFn: () => sessionCalls.getSettings(apiClient),
    enabled: settings === null,
  });
  const source = settings ?? fallback.data;
  return {
    group: source ? [...new Set(source.group ?? [])] : undefined,
    isError: settings === null && fallback.isError,
    retry: () => void fallback.refetch(),
  };
}
