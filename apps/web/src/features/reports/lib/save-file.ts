import { isNativeShell } from '../../../lib/native-shell.ts';

/**
 * Hands a file the app fetched (a report, the data export) to the user. In a browser: a download,
 * through an object URL on a hidden <a download>, clicked. In the native app, whose WebView ignores
 * downloads: the system's share sheet (save-file-native.ts). Files come through the API client
 * because they need the bearer token, which a plain link cannot carry.
 */

/** How long the object URL outlives the click: revoking it at once can cancel the download in some browsers. */
const REVOKE_AFTER_MS = 60_000;

/** How the file reached the user: downloaded by the browser, or through the share sheet (or that sheet closed unused). */
export type SavedFile = 'downloaded' | 'shared' | 'cancelled';

export async function saveFile(file: Blob, fileName: string): Promise<SavedFile> {
  if (isNativeShell()) {
    const { saveNativeFile } = await import('./save-file-native.ts');
    return saveNativeFile(file, fileName);
  }
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  return 'downloaded';
}

/** Today's date on the user's clock as YYYY-MM-DD, for file names that sort by date. */
export function fileDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
