import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

let computed: string | undefined;

/**
 * The version of the statistics' definitions: a hash of the sources of packages/golf and
 * packages/contracts, so a changed definition never serves a body (stats_cache) or a round's stored
 * strokes gained (round_scores) computed by the old one. Read once per process.
 */
export function definitionsVersion(): string {
  if (computed !== undefined) return computed;
  const hash = createHash('sha256');
  const require = createRequire(import.meta.url);
  // Each package's entry is src/index.ts: hash the whole of src.
  const roots = [dirname(require.resolve('@holeout/golf')), dirname(require.resolve('@holeout/contracts'))];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|json|csv)$/.test(name) && !/\.test\.ts$/.test(name)) hash.update(name).update(readFileSync(path));
    }
  };
  for (const root of roots) walk(root);
  computed = hash.digest('hex').slice(0, 16);
  return computed;
}
