import { useMutation } from '@tanstack/react-query';
import type { AccountCodeBody, OkResponse, SetPasswordBody, User } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session/session.ts';

/** POST /account/code: mails a 6-digit code to the account's address (409 HAS_PASSWORD for set_password when it has one). */
export function requestAccountCode(purpose: AccountCodeBody['purpose']): Promise<OkResponse> {
  return apiClient.post('/account/code', { purpose }, { quiet: true, fallbackMessage: 'Could not send the code' });
}

export function useRequestAccountCode() {
  return useMutation({ mutationFn: requestAccountCode });
}

/** POST /account/set_password: the first password of an account made with a provider; answers the user (has_password true). */
export function setFirstPassword(body: SetPasswordBody): Promise<User> {
  return apiClient.post('/account/set_password', body, { quiet: true, fallbackMessage: 'Could not set the password' });
}

export function useSetFirstPassword() {
  return useMutation({ mutationFn: setFirstPassword, onSuccess: (user) => session.setUser(user) });
}
