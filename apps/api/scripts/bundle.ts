/**
 * `npm run bundle`: publishes the built web app (apps/web/dist) as a live update of the mobile app.
 * It zips the build, stores it where the API stores uploads (S3_URL, or DATA_DIR/storage) and adds
 * it to the bundle manifest that POST /v4/updates reads. The version is the web app's package
 * version plus the short commit (`0.1.0+3f2a9c1`).
 *
 *   npm run build && npm run bundle -- [--app-id app.holeout] [--platform ios --platform android]
 *                                      [--dist apps/web/dist] [--key bundle-private.pem]
 *
 * With --key (or BUNDLE_PRIVATE_KEY_FILE), an RSA-2048 private key in PEM, the bundle is encrypted
 * as the updater plugin expects; the matching public key (printed) goes into the app's
 * capacitor.config.ts as CapacitorUpdater.publicKey.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { UPDATE_PLATFORMS, type UpdatePlatform } from '@holeout/contracts';
import { loadConfig } from '../src/config.ts';
import { createStorage } from '../src/integrations/storage/create-storage.ts';
import { publishBundle } from '../src/modules/updates/updates.module.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const { values } = parseArgs({
  options: {
    'app-id': { type: 'string', default: 'app.holeout' },
    platform: { type: 'string', multiple: true },
    dist: { type: 'string', default: path.join(repoRoot, 'apps/web/dist') },
    key: { type: 'string' },
  },
});

const platforms = (values.platform ?? [...UPDATE_PLATFORMS]) as UpdatePlatform[];
for (const platform of platforms)
  if (!(UPDATE_PLATFORMS as readonly string[]).includes(platform)) throw new Error(`--platform is one of ${UPDATE_PLATFORMS.join(', ')}`);

const webPackage = JSON.parse(await readFile(path.join(repoRoot, 'apps/web/package.json'), 'utf8')) as { version: string };
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
const keyFile = values.key ?? process.env.BUNDLE_PRIVATE_KEY_FILE;

const config = loadConfig();
const published = await publishBundle({
  storage: createStorage(config),
  distDir: path.resolve(values.dist),
  appId: values['app-id'],
  version: `${webPackage.version}+${commit}`,
  commit,
  platforms,
  privateKeyPem: keyFile ? await readFile(keyFile, 'utf8') : undefined,
});

const { entry } = published;
console.log(`published ${values['app-id']} ${entry.version} for ${entry.platforms.join(', ')}`);
console.log(`  ${config.publicUrl}/v4/updates/bundles/${entry.file} (${entry.size} bytes${entry.session_key ? ', encrypted' : ''})`);
console.log(`  sha256 ${entry.stored_sha256}`);
if (published.publicKeyPem) console.log(`CapacitorUpdater.publicKey for capacitor.config.ts:\n${published.publicKeyPem}`);
