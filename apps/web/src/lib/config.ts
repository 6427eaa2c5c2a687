/** Build-time settings (Vite env). Each has a default so a plain build works. */
export const STATCARD_URL: string = import.meta.env.VITE_STATCARD_URL || 'https://statcard.holeout.app';
/** The host of the app's universal links (deep links open the path after it). */
export const APP_LINK_HOST: string = import.meta.env.VITE_APP_LINK_HOST || 'app.holeout.golf';
