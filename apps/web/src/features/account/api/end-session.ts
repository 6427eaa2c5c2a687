import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountSession, OkResponse } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session/session.ts';
import { ACCOUNT_SESSIONS_KEY } from './account-sessions.ts';

/** DELETE /account/sessions?token_id: signs that session out; this device's own means logging out here. */
export async function endSession(target: Pick<AccountSession, 'token_id' | 'current'>): Promise<OkResponse> {
  const answer = await apiClient.delete<OkResponse>('/account/sessions', {
    query: { token_id: target.token_id },
    fallbackMessage: 'Could not end the session',
  });
  // The token is gone on the server: no logout call, only the local clean-up and the login page.
  if (target.current) await session.logoutToLogin({ callServer: false });
  return answer;
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: (_answer, _error, target) => {
      if (!target.current) void queryClient.invalidateQueries({ queryKey: ACCOUNT_SESSIONS_KEY });
    },
  });
}
