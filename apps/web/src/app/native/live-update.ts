/**
 * Content updates for the native shell: check and download when the app becomes active; apply a
 * downloaded update when it goes to the background, which reloads to the root.
 */

/** What the update service says about the newest web bundle. */
export interface LatestVersion {
  url: string;
  version: string;
  /** '' for a plain bundle; the encrypted AES key for an encrypted one. */
  sessionKey: string;
  /** sha256 of the zip (encrypted with the publisher's key when the bundle is): the updater refuses a download that differs. */
  checksum?: string;
}

/** The live-update service around the native bundle manager. */
export interface ContentUpdateService {
  /** The newest bundle when the device should install it; null when it is current. */
  latest(): Promise<LatestVersion | null>;
  currentVersion(): Promise<string | null>;
  /** Downloads the bundle (the native side checks its checksum) and returns the id to apply it by. */
  download(latest: LatestVersion): Promise<string>;
  /** Switches to the bundle and reloads the web view at the root. */
  apply(bundleId: string): Promise<void>;
  /** Confirms this bundle booted: without it the native side rolls back to the last good one (a service without rollback has none). */
  confirmBoot?(): Promise<void>;
}

export const noContentUpdates: ContentUpdateService = {
  latest: async () => null,
  currentVersion: async () => null,
  download: async () => {
    throw new Error('No content update service configured');
  },
  apply: async () => {},
};

/** Where the updater is: nothing to do, checking, a downloaded bundle waiting for the background, or applying it. */
export type LiveUpdateState =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'downloaded'; bundleId: string; version: string }
  | { kind: 'applying'; bundleId: string; version: string };

export interface LiveUpdater {
  /** At start-up: confirms the boot, then checks as when the app becomes active. */
  onStart(): Promise<void>;
  onActive(): Promise<void>;
  onBackground(): Promise<void>;
  state(): LiveUpdateState;
}

export function createLiveUpdater(
  service: ContentUpdateService,
  hideSplash: () => Promise<void>,
  log: (message: string, cause?: unknown) => void = (message, cause) => console.warn(message, cause),
): LiveUpdater {
  let state: LiveUpdateState = { kind: 'idle' };

  const onActive = async () => {
    // One check at a time; a downloaded bundle waits for the background rather than being replaced.
    if (state.kind !== 'idle') return;
    state = { kind: 'checking' };
    let latest: LatestVersion | null = null;
    try {
      latest = await service.latest();
      if (latest && latest.version === (await service.currentVersion())) latest = null;
    } catch (cause) {
      state = { kind: 'idle' };
      log('Content update check failed', cause);
      return;
    }
    if (!latest) {
      state = { kind: 'idle' };
      return;
    }
    try {
      const bundleId = await service.download(latest);
      state = { kind: 'downloaded', bundleId, version: latest.version };
    } catch (cause) {
      // A failed download (offline, a checksum that differs) is only logged: the app keeps running the bundle it has.
      state = { kind: 'idle' };
      log('Content update download failed', cause);
    }
  };

  return {
    async onStart() {
      // The boot is confirmed first and unconditionally: a bundle that gets this far runs.
      await service.confirmBoot?.().catch((cause: unknown) => log('Could not confirm the app bundle', cause));
      await onActive();
    },
    onActive,
    async onBackground() {
      if (state.kind !== 'downloaded') return;
      const { bundleId, version } = state;
      state = { kind: 'applying', bundleId, version };
      try {
        await service.apply(bundleId);
      } catch (cause) {
        // The web view stays on the old bundle: it must not stay behind the splash screen.
        state = { kind: 'idle' };
        log('Applying the content update failed', cause);
        await hideSplash().catch(() => undefined);
      }
    },
    state: () => state,
  };
}
