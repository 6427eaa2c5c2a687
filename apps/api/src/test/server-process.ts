import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverEntry = fileURLToPath(new URL('../server.ts', import.meta.url));
const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  /** The end of what the process printed, for a failure message. */
  output: () => string;
  /** Set when the process ended: how. */
  exited: () => string | null;
}

/**
 * The real server (server.ts) in its own process over `databaseUrl` (PostgreSQL), resolved once it
 * listens; `env` adds or overrides variables.
 */
export async function startServer(databaseUrl: string, dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exited: string | null = null;
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-200_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.on('exit', (code, signal) => {
    exited = `exit code ${code}, signal ${signal}`;
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 90_000);
    const look = () => {
      const found = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (found) {
        clearTimeout(deadline);
        resolve(found[1]!);
      }
    };
    child.stdout!.on('data', look);
    child.on('exit', () => {
      clearTimeout(deadline);
      reject(new Error(`the server ended while starting (${exited}):\n${output}`));
    });
  });
  return { child, baseUrl, output: () => output.slice(-8000), exited: () => exited };
}
