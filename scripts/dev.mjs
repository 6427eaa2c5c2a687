#!/usr/bin/env node
// `npm run dev`: the API with reload (tsx watch, port 3000) beside the Vite dev server (port 5173, proxying /v4).
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', 'apps/api/src/server.ts'], { cwd: root, stdio: 'inherit', env: { ...process.env, WEB_DIST: '' } }),
  spawn(bin('vite'), [], { cwd: join(root, 'apps/web'), stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exit(code ?? 0);
  });
