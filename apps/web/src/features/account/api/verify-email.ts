import type { VerifyResponse } from '@holeout/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session/session.ts';
import { readStored, removeStored } from '../../../lib/storage.ts';

/**
 * GET /account/verify?email&code[&ticket]: confirms the e-mail with the 6-digit code. With the
 * ticket this browser got at registration the answer carries a session, and the user is signed in
 * (no second password entry); without one (the code typed elsewhere) they log in. The ticket is
 * dropped once the code is accepted: it works once.
 */
export async function verifyEmail(input: { email: string; code: string }): Promise<VerifyResponse> {
  const ticket = readStored('registrationTicket');
  const answer = await apiClient.get<VerifyResponse>('/account/verify', {
    auth: false,
    query: ticket ? { ...input, ticket } : input,
    fallbackMessage: 'Could not verify the e-mail',
  });
  removeStored('registrationTicket');
  if (answer.token) await session.signInWithToken(answer.token);
  return answer;
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
