/**
 * Where the phone is, for distances on the course: one small interface over Capacitor's Geolocation
 * plugin in the app and the browser's navigator.geolocation on the web. The plugin is imported only
 * inside the native shell, so the web's Add Round chunk does not carry it.
 */

/** A position and its accuracy: the radius in metres within which the phone is. */
export interface PositionFix {
  lat: number;
  lon: number;
  accuracy: number;
}

export interface PositionSource {
  /** Whether positions can be asked for at all here (a browser without geolocation cannot). */
  available(): boolean;
  /** A fresh position; rejects with a message the golfer can read (permission refused, no signal). */
  current(): Promise<PositionFix>;
}

/** A fix older than this is not the golfer's ball: each tap asks for a new one. */
const MAX_AGE_MS = 0;
const TIMEOUT_MS = 20_000;

function isNativeShell(): boolean {
  const bridge = (globalThis as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor;
  return typeof bridge?.isNativePlatform === 'function' && bridge.isNativePlatform();
}

/** The words for a failed position request; the browser's codes are 1 denied, 2 unavailable, 3 timeout. */
function positionProblem(cause: unknown): Error {
  const code = (cause as { code?: unknown } | null)?.code;
  if (code === 1) return new Error('Location is turned off for Holeout. Allow it in the settings, or type the distance.');
  if (code === 3) return new Error('No position yet: try again in the open, or type the distance.');
  return new Error('The position could not be found. Try again, or type the distance.');
}

const nativeSource: PositionSource = {
  available: () => true,
  async current() {
    const { Geolocation } = await import('@capacitor/geolocation');
    try {
      const position = await Geolocation.getCurrentPosition({ enableHighAccuracy: true, maximumAge: MAX_AGE_MS, timeout: TIMEOUT_MS });
      return { lat: position.coords.latitude, lon: position.coords.longitude, accuracy: position.coords.accuracy };
    } catch (cause) {
      throw positionProblem(cause);
    }
  },
};

const browserSource: PositionSource = {
  available: () => typeof navigator !== 'undefined' && 'geolocation' in navigator && navigator.geolocation !== undefined,
  current() {
    return new Promise<PositionFix>((resolve, reject) => {
      navigator.geolocation.getCurrentPosition(
        (position) => resolve({ lat: position.coords.latitude, lon: position.coords.longitude, accuracy: position.coords.accuracy }),
        (cause) => reject(positionProblem(cause)),
        { enableHighAccuracy: true, maximumAge: MAX_AGE_MS, timeout: TIMEOUT_MS },
      );
    });
  },
};

/** The device's position source: the Capacitor plugin in the app, the browser's otherwise. */
export function devicePositionSource(): PositionSource {
  return isNativeShell() ? nativeSource : browserSource;
}
