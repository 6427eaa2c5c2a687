// The built web app for `npm start` and `npm run cluster`: built when apps/web/dist is missing or
// older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

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

/** Builds the web app when needed; exits the process when the build fails. */
export function ensureWebBuild() {
  const builtIndex = join(root, 'apps/web/dist/index.html');
  const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/golf/src', 'packages/contracts/src'];
  if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < newestMtime(sources)) {
    console.log('Building the web app (apps/web/dist)...');
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}
