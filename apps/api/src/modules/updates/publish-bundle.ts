import { constants, createCipheriv, createHash, createPrivateKey, createPublicKey, privateEncrypt, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { APP_ID_PATTERN, BUNDLE_VERSION_PATTERN, type UpdatePlatform } from '@holeout/contracts';
import type { Storage } from '../../integrations/storage/storage.ts';
import { bundleKey, readManifest, writeManifest, type BundleEntry } from './bundle-manifest.ts';
import { writeZip, type ZipEntry } from './bundle-zip.ts';

export interface PublishBundleOptions {
  storage: Storage;
  /** The built web app (apps/web/dist). */
  distDir: string;
  appId: string;
  /** `<package version>+<short commit>`. */
  version: string;
  commit: string;
  platforms: readonly UpdatePlatform[];
  /**
   * An RSA-2048 private key (PEM): the bundle is then encrypted as the updater plugin decrypts it,
   * and the app must carry the matching public key (CapacitorUpdater.publicKey).
   */
  privateKeyPem?: string | undefined;
  clock?: () => Date;
}

export interface PublishedBundle {
  entry: BundleEntry;
  /** The public key for the app's configuration (PKCS#1 PEM, as the plugin reads it); null for a plain bundle. */
  publicKeyPem: string | null;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

/**
 * The files of the web build, sorted by path. The precompressed twins (`x.js.br`, `x.js.gz` beside
 * `x.js`) and Vite's build manifest (`.vite/`) serve the web server only, so the phone gets neither.
 */
export async function collectBundleFiles(distDir: string): Promise<ZipEntry[]> {
  const names = (await readdir(distDir, { recursive: true, withFileTypes: true }))
    .filter((d) => d.isFile())
    .map((d) => path.relative(distDir, path.join(d.parentPath, d.name)).split(path.sep).join('/'));
  const present = new Set(names);
  const kept = names
    .filter((name) => !name.startsWith('.vite/'))
    .filter((name) => !(/\.(br|gz)$/.test(name) && present.has(name.replace(/\.(br|gz)$/, ''))))
    .sort();
  if (!present.has('index.html')) throw new Error(`${distDir} has no index.html: build the web app first (npm run build)`);
  return Promise.all(kept.map(async (name) => ({ name, body: await readFile(path.join(distDir, ...name.split('/'))) })));
}

/**
 * The plugin's bundle encryption: the zip under AES-128-CBC (PKCS#7 padding) with a fresh key and
 * IV; the key encrypted with the publisher's RSA private key (PKCS#1 v1.5 padding), which the
 * app's public key decrypts; and the zip's sha256 encrypted the same way, in hex, as the checksum.
 * The session key is `<iv base64>:<encrypted key base64>`.
 */
export function encryptBundle(
  zip: Buffer,
  privateKeyPem: string,
): { stored: Buffer; checksum: string; sessionKey: string; publicKeyPem: string } {
  const privateKey = createPrivateKey(privateKeyPem);
  // The plugin refuses a checksum that is not exactly 256 bytes, the size of an RSA-2048 block.
  if (privateKey.asymmetricKeyType !== 'rsa' || privateKey.asymmetricKeyDetails?.modulusLength !== 2048)
    throw new Error('The bundle key must be an RSA-2048 private key');
  const aesKey = randomBytes(16);
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-128-cbc', aesKey, iv);
  const stored = Buffer.concat([cipher.update(zip), cipher.final()]);
  const rsa = (data: Buffer) => privateEncrypt({ key: privateKey, padding: constants.RSA_PKCS1_PADDING }, data);
  return {
    stored,
    checksum: rsa(sha256(zip)).toString('hex'),
    sessionKey: `${iv.toString('base64')}:${rsa(aesKey).toString('base64')}`,
    publicKeyPem: createPublicKey(privateKey).export({ type: 'pkcs1', format: 'pem' }).toString(),
  };
}

/**
 * Zips the web build, stores it (named by the sha256 of the stored bytes), reads it back and
 * refuses to publish when those bytes differ, then adds it to the manifest as the newest bundle of
 * the app for the platforms given. Publishing a version again replaces its entry.
 */
export async function publishBundle(options: PublishBundleOptions): Promise<PublishedBundle> {
  const { storage, appId, version } = options;
  if (!APP_ID_PATTERN.test(appId)) throw new Error(`Not an app id: ${appId}`);
  if (!BUNDLE_VERSION_PATTERN.test(version)) throw new Error(`Not a bundle version (x.y.z or x.y.z+commit): ${version}`);
  if (options.platforms.length === 0) throw new Error('Publish for at least one platform');

  const zip = writeZip(await collectBundleFiles(options.distDir));
  const encrypted = options.privateKeyPem ? encryptBundle(zip, options.privateKeyPem) : null;
  const stored = encrypted?.stored ?? zip;
  const storedSha256 = sha256(stored).toString('hex');
  const file = `${storedSha256}.zip`;

  await storage.put(bundleKey(file), stored, 'application/zip');
  const readBack = await storage.get(bundleKey(file));
  if (!readBack || sha256(readBack.body).toString('hex') !== storedSha256) {
    // A name must always match its bytes, so the bad copy goes; the manifest is not touched.
    await storage.delete(bundleKey(file));
    throw new Error(`Checksum mismatch: the stored ${file} is not the bundle written; the manifest is unchanged`);
  }

  const entry: BundleEntry = {
    version,
    platforms: [...new Set(options.platforms)],
    file,
    stored_sha256: storedSha256,
    checksum: encrypted?.checksum ?? sha256(zip).toString('hex'),
    session_key: encrypted?.sessionKey ?? '',
    size: stored.length,
    commit: options.commit,
    created_at: (options.clock ?? (() => new Date()))().toISOString(),
  };
  const manifest = await readManifest(storage);
  manifest.apps[appId] = [...(manifest.apps[appId] ?? []).filter((e) => e.version !== version), entry];
  await writeManifest(storage, manifest);
  return { entry, publicKeyPem: encrypted?.publicKeyPem ?? null };
}
