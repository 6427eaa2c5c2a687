import { useMutation } from '@tanstack/react-query';
import type { ConfirmEmailBody, User } from '@holeout/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session/session.ts';

/** POST /account/confirm_email: the code mailed to the new address; answers the user with the new e-mail. */
export function confirmEmail(body: ConfirmEmailBody): Promise<User> {
  return apiClient.post('/account/confirm_email', body, { fallbackMessage: 'Could not confirm the new e-mail address' });
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail, onSuccess: (user) => session.setUser(user) });
}
