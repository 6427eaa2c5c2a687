/**
 * A real SMTP server in its own process, for the mail tests: it listens on 127.0.0.1 (a free port),
 * prints `LISTENING <port>`, then one JSON line per message it receives ({ from, to, raw }).
 * Run: node --import tsx apps/api/src/test/smtp-sink.ts
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
      const to = session.envelope.rcptTo.map((r) => r.address);
      process.stdout.write(`${JSON.stringify({ from, to, raw: Buffer.concat(chunks).toString('utf8') })}\n`);
      callback();
    });
  },
});
smtp.listen(0, '127.0.0.1', () => {
  process.stdout.write(`LISTENING ${(smtp.server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => smtp.close(() => process.exit(0)));
