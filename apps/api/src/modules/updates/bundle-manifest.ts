import { z } from 'zod';
import { BUNDLE_VERSION_PATTERN, UPDATE_PLATFORMS, type UpdatePlatform } from '@holeout/contracts';
import type { Storage } from '../../integrations/storage/storage.ts';

/** The index of published bundles, in the same storage as the bundles (no table: `npm run bundle` writes it). */
export const MANIFEST_KEY = 'bundles/manifest.json';
/** A stored bundle is named by the sha256 of its stored bytes, so a name never changes meaning. */
export const BUNDLE_FILE = /^[0-9a-f]{64}\.zip$/;
export const bundleKey = (file: string) => `bundles/${file}`;

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/** One published bundle of an app. */
export const bundleEntry = z.object({
  version: z.string().regex(BUNDLE_VERSION_PATTERN),
  platforms: z.array(z.enum(UPDATE_PLATFORMS)).min(1),
  /** The stored file's name (`<sha256 of its bytes>.zip`). */
  file: z.string().regex(BUNDLE_FILE),
  /** sha256 of the stored bytes (encrypted ones when encrypted): what the publisher verified after storing. */
  stored_sha256: hex64,
  /** What the device is given: sha256 hex of the plain zip, or that digest RSA-encrypted (hex) when encrypted. */
  checksum: z.string().min(1),
  /** '' for a plain bundle; `<iv base64>:<AES key RSA-encrypted, base64>` for an encrypted one. */
  session_key: z.string(),
  size: z.number().int().min(1),
  commit: z.string(),
  created_at: z.string(),
});
export type BundleEntry = z.infer<typeof bundleEntry>;

/** Per app id, its bundles in publishing order, the newest last. */
export const bundleManifest = z.object({ apps: z.record(z.string(), z.array(bundleEntry)) });
export type BundleManifest = z.infer<typeof bundleManifest>;

/** The manifest; an empty one when nothing was ever published. A manifest that does not parse is an error, never "no bundles". */
export async function readManifest(storage: Storage): Promise<BundleManifest> {
  const stored = await storage.get(MANIFEST_KEY);
  if (!stored) return { apps: {} };
  return bundleManifest.parse(JSON.parse(stored.body.toString('utf8')));
}

export async function writeManifest(storage: Storage, manifest: BundleManifest): Promise<void> {
  const checked = bundleManifest.parse(manifest);
  await storage.put(MANIFEST_KEY, Buffer.from(`${JSON.stringify(checked, null, 2)}\n`, 'utf8'), 'application/json');
}

/** The x.y.z of a version (`0.1.0+3f2a9c1` -> [0, 1, 0]); null when it has none (`builtin`). */
export function versionCore(version: string): [number, number, number] | null {
  const match = /^(\d{1,9})\.(\d{1,9})\.(\d{1,9})(?:[-+].*)?$/.exec(version);
  if (!match) return null;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function compareCores(a: [number, number, number], b: [number, number, number]): number {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** The newest bundle of an app published for a platform; null when there is none. */
export function newestBundle(entries: readonly BundleEntry[], platform: UpdatePlatform): BundleEntry | null {
  for (let i = entries.length - 1; i >= 0; i -= 1) if (entries[i]!.platforms.includes(platform)) return entries[i]!;
  return null;
}

/**
 * Whether a device running `current` should install `newest`. Never across a lower x.y.z (a store
 * build newer than every bundle keeps its own code). Within the same x.y.z, builds of different
 * commits (`+<commit>`) carry no order, so the manifest's newest wins: removing a bad bundle
 * from the manifest moves devices back to the one before. A version without x.y.z (the plugin's
 * `builtin`) takes the newest.
 */
export function shouldInstall(newest: BundleEntry, current: string): boolean {
  if (newest.version === current) return false;
  const device = versionCore(current);
  const offered = versionCore(newest.version);
  if (!device || !offered) return true;
  return compareCores(offered, device) >= 0;
}
