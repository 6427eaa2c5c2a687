import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import { buildUser } from '../../test/factories.ts';
import { createTestServer } from '../../test/test-server.ts';

// A code mail goes out after the answer (its timing must not tell whether the address has an account).
// Closing the app right after that answer must not cut the mail off: close waits for it.
describe('closing the app waits for mails sent after their answer', () => {
  it('a forgot_password code mail still being sent when the app closes is sent before close returns', async () => {
    const sent: MailMessage[] = [];
    const server = await createTestServer({
      mailer: {
        send: async (message) => {
          await new Promise((resolve) => setTimeout(resolve, 200));
          sent.push(message);
        },
      },
    });
    const golfer = await buildUser(server.db);
    const answer = await server.app.inject({ method: 'GET', url: `/v4/account/forgot_password?email=${encodeURIComponent(golfer.email)}` });
    expect(answer.statusCode).toBe(200);
    expect(sent).toHaveLength(0);
    await server.close();
    expect(sent.map((mail) => mail.to)).toEqual([golfer.email]);
  });
});
