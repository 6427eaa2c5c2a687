import type { RegisterBody, RegisterResponse } from '@holeout/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { writeStored } from '../../../lib/storage.ts';

/**
 * POST /account/register?method=email: creates the account and mails a verification code. The
 * ticket it answers is kept, so entering the code in this browser signs it in.
 */
export async function registerAccount(body: RegisterBody): Promise<RegisterResponse> {
  const answer = await apiClient.post<RegisterResponse>('/account/register', body, {
    auth: false,
    query: { method: 'email' },
    fallbackMessage: 'Could not create the account',
  });
  if (typeof answer.ticket === 'string') writeStored('registrationTicket', answer.ticket);
  return answer;
}

export function useRegisterAccount() {
  return useMutation({ mutationFn: registerAccount });
}
