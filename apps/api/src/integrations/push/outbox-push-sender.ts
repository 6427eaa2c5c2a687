import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PushLog, PushMessage, PushSender } from './push-sender.ts';

/**
 * The push outbox, for a platform with no provider configured: each push becomes a JSON file
 * `{ platform, push_token, title, body, data }` in `outboxDir`, named
 * `<13-digit epoch ms>-<6-digit sequence>-<platform>-<random>.json` so that sorting by name puts the
 * newest last (as the mail outbox does); the random part keeps two processes from writing one name.
 * The log names the platform and the file, never the token.
 */
export function createOutboxPushSender(options: { outboxDir: string; log?: PushLog; clock?: () => Date }): PushSender {
  const clock = options.clock ?? (() => new Date());
  let sequence = 0;
  return {
    async send(message: PushMessage) {
      await mkdir(options.outboxDir, { recursive: true });
      sequence = (sequence + 1) % 1_000_000;
      const stamp = String(clock().getTime()).padStart(13, '0');
      const name = `${stamp}-${String(sequence).padStart(6, '0')}-${message.platform}-${randomBytes(3).toString('hex')}.json`;
      const file = path.join(options.outboxDir, name);
      const { platform, push_token, title, body, data } = message;
      await writeFile(file, `${JSON.stringify({ platform, push_token, title, body, data }, null, 2)}\n`, { flag: 'wx' });
      options.log?.info({ platform, file }, 'push written to the push outbox');
      return 'sent';
    },
  };
}
