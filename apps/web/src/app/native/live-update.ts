/**
 * Content updates for the native shell: check and download when the app becomes
 * active; apply a downloaded update when it goes to the background, which reloads to the root.
 */

/** What the update service says about the newest web bundle. */
export interface LatestVersion {
  url: string;
  version: string;
  sessionKey: string;
}

/** The live-update service around the native bundle manager. None is configured yet. */
export interface ContentUpdateService {
  latest(): Promise<LatestVersion | null>;
  currentVersion(): Promise<string | null>;
  /** Downloads the bundle and returns the id to apply it by. */
  download(latest: LatestVersion): Promise<string>;
  /** Switches to the bundle and reloads the web view at the root. */
  apply(bundleId: string): Promise<void>;
}

export const noContentUpdates: ContentUpdateService = {
  latest: async () => null,
  currentVersion: async () => null,
  download: async () => {
    throw new Error('No content update service configured');
  },
  apply: async () => {},
};

export interface LiveUpdater {
  onActive(): Promise<void>;
  onBackground(): Promise<void>;
}

export function createLiveUpdater(
  service: ContentUpdateService,
  hideSplash: () => Promise<void>,
  log: (message: string, cause?: unknown) => void = (message, cause) => console.warn(message, cause),
): LiveUpdater {
  let pendingBundle: string | null = null;
  let checking = false;

  return {
    async onActive() {
      if (checking || pendingBundle) return;
      checking = true;
      try {
        const latest = await service.latest();
        if (!latest || latest.version === (await service.currentVersion())) return;
        pendingBundle = await service.download(latest);
      } catch (cause) {
        // A failed download is only logged: the app keeps running the bundle it has.
        log('Content update download failed', cause);
      } finally {
        checking = false;
      }
    },
    async onBackground() {
      if (!pendingBundle) return;
      const bundle = pendingBundle;
      pendingBundle = null;
      try {
        await service.apply(bundle);
      } catch (cause) {
        log('Applying the content update failed', cause);
        await hideSplash().catch(() => undefined);
      }
    },
  };
}
