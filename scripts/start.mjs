#!/usr/bin/env node
// `npm start`: the whole product on one machine. Builds the web app when its build is missing or
// older than its sources, then runs the API (which serves the built app at / and the API at /v4).
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './web-build.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Holeout needs Node.js >= 20.19 (this is ${process.versions.node}).`);
  process.exit(1);
}

ensureWebBuild();

const api = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    WEB_DIST: process.env.WEB_DIST ?? join(root, 'apps/web/dist'),
    // With the demo data comes the demo checkout, so an upgrade can be tried end to end (no Stripe keys needed).
    DEMO_PAYMENTS: process.env.DEMO_PAYMENTS ?? (process.env.SEED_DEMO === 'false' ? 'false' : 'true'),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
