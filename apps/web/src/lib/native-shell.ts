/**
 * True inside the Capacitor shell. The native runtime defines window.Capacitor before any app code
 * runs; reading it, rather than importing @capacitor/core, keeps Capacitor out of the web's bundle.
 */
export const isNativeShell = (): boolean =>
  Boolean((window as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor?.isNativePlatform?.());
