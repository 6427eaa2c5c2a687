import { useMutation } from '@tanstack/react-query';
import type { UpdateAccountBody, User } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session/session.ts';

/** POST /account: saves the profile and returns the user as stored. */
export function updateAccount(body: UpdateAccountBody): Promise<User> {
  return apiClient.post('/account', body, { fallbackMessage: 'Could not save your profile' });
}

export function useUpdateAccount() {
  return useMutation({ mutationFn: updateAccount, onSuccess: (user) => session.setUser(user) });
}
