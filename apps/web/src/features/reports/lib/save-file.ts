/**
 * Hands a file the app fetched (a report, the data export) to the browser as a download: an
 * object URL on a hidden <a download>, clicked. Files come through the API client because they
 * need the bearer token, which a plain link cannot carry.
 */

/** How long the object URL outlives the click: revoking it at once can cancel the download in some browsers. */
const REVOKE_AFTER_MS = 60_000;

export function saveFile(file: Blob, fileName: string): void {
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
}

/** Today's date on the user's clock as YYYY-MM-DD, for file names that sort by date. */
export function fileDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
