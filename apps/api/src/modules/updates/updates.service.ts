import type { UpdatesBody, UpdatesResponse } from '@holeout/contracts';
import type { Storage } from '../../integrations/storage/storage.ts';
import { BUNDLE_FILE, bundleKey, newestBundle, readManifest, shouldInstall } from './bundle-manifest.ts';

export const BUNDLE_URL_PREFIX = '/v4/updates/bundles/';

export interface UpdatesDeps {
  storage: Storage;
  /** The product's public address (PUBLIC_URL): the plugin downloads from an absolute URL. */
  publicUrl: string;
}

/**
 * Live updates in the updater plugin's self-hosted protocol: which bundle a device should install,
 * read from the manifest `npm run bundle` writes beside the bundles.
 */
export class UpdatesService {
  constructor(private readonly deps: UpdatesDeps) {}

  /**
   * The newest bundle of the device's app for its platform when the device should install it;
   * otherwise `no_new_version_available` (kind `up_to_date`, which the plugin takes as "current").
   * An app with no bundle at all is `app_not_found` (kind `failed`), as the plugin's hosted service
   * answers an app it does not know.
   */
  async latestFor(device: UpdatesBody): Promise<UpdatesResponse> {
    const manifest = await readManifest(this.deps.storage);
    const bundles = manifest.apps[device.app_id];
    if (!bundles || bundles.length === 0) return { message: 'App not found', error: 'app_not_found', kind: 'failed' };
    const newest = newestBundle(bundles, device.platform);
    if (!newest || !shouldInstall(newest, device.version_name))
      return { message: 'No new version available', error: 'no_new_version_available', kind: 'up_to_date' };
    return {
      version: newest.version,
      url: `${this.deps.publicUrl}${BUNDLE_URL_PREFIX}${newest.file}`,
      checksum: newest.checksum,
      session_key: newest.session_key,
    };
  }

  /** A stored bundle by its file name; null when there is none (or the name is not a bundle's). */
  async readBundle(file: string): Promise<Buffer | null> {
    if (!BUNDLE_FILE.test(file)) return null;
    const stored = await this.deps.storage.get(bundleKey(file));
    return stored?.body ?? null;
  }
}
