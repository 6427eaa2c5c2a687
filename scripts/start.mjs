#!/usr/bin/env node
// `npm start`: the whole product on one machine. Builds the web app when its build is missing or
// older than its sources, then runs the API (which serves the built app at / and the API at /v4).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Holeout needs Node.js >= 20.19 (this is ${process.versions.node}).`);
  process.exit(1);
}

/** Newest modification time of any file under the given paths (skipping node_modules and dist). */
function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules' && name !== 'dist') walk(join(p, name));
    } else if (st.mtimeMs > newest) newest = st.mtimeMs;
  };
  paths.forEach((p) => walk(join(root, p)));
  return newest;
}

const builtIndex = join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/golf/src', 'packages/contracts/src'];
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < newestMtime(sources)) {
  console.log('Building the web app (apps/web/dist)...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

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
