import { CapacitorUpdater } from '@capgo/capacitor-updater';
import type { ContentUpdateService } from './live-update.ts';

/** The calls of the updater plugin (@capgo/capacitor-updater, manual mode) the live updates use. */
export type UpdaterPlugin = Pick<typeof CapacitorUpdater, 'getLatest' | 'current' | 'download' | 'set' | 'notifyAppReady'>;

/**
 * Live updates through the updater plugin with its automatic mode off (capacitor.config.ts): the
 * plugin asks the API's POST /v4/updates (its updateUrl), downloads and checks the bundle, and
 * switches to it; when to do each is the app's (createLiveUpdater).
 */
export function capgoContentUpdates(plugin: UpdaterPlugin = CapacitorUpdater): ContentUpdateService {
  return {
    async latest() {
      // "Current" comes back as an error code (no_new_version_available) and no url; a failed check rejects.
      const latest = await plugin.getLatest();
      if (latest.error || !latest.url) return null;
      return {
        url: latest.url,
        version: latest.version,
        sessionKey: latest.sessionKey ?? '',
        ...(latest.checksum ? { checksum: latest.checksum } : {}),
      };
    },
    async currentVersion() {
      return (await plugin.current()).bundle.version;
    },
    async download(latest) {
      // The plugin decrypts with the app's public key when there is a session key, and refuses a zip whose checksum differs.
      const bundle = await plugin.download({
        url: latest.url,
        version: latest.version,
        ...(latest.sessionKey ? { sessionKey: latest.sessionKey } : {}),
        ...(latest.checksum ? { checksum: latest.checksum } : {}),
      });
      return bundle.id;
    },
    async apply(bundleId) {
      // set() switches bundles and reloads the web view at the root (keepUrlPathAfterReload is off).
      await plugin.set({ id: bundleId });
    },
    async confirmBoot() {
      await plugin.notifyAppReady();
    },
  };
}
