/** Build-time settings (Vite env). Each has a default so a plain build works. */
export const STATCARD_URL: string = import.meta.env.VITE_STATCARD_URL || 'https://statcard.holeout.app';
/** The host of the app's universal links (deep links open the path after it). */
export const APP_LINK_HOST: string = import.meta.env.VITE_APP_LINK_HOST || 'app.holeout.golf';
/**
 * Where the API lives. Empty (the default): the same origin as the page, as when the API serves the
 * web app. The native app's pages run from a local origin (capacitor://localhost, https://localhost),
 * so its build names the API's public address (e.g. https://app.holeout.golf), which must list those
 * origins in its CORS_ORIGINS.
 */
export const API_ORIGIN: string = (import.meta.env.VITE_API_URL || '').replace(/\/+$/, '');
