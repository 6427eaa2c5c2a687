import { useMutation } from '@tanstack/react-query';
import type { OkResponse, UpdatePasswordBody } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /account/update_password: 403 WRONG_PASSWORD when the current password is wrong. */
export function updatePassword(body: UpdatePasswordBody): Promise<OkResponse> {
  return apiClient.post('/account/update_password', body, { fallbackMessage: 'Could not change the password' });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
