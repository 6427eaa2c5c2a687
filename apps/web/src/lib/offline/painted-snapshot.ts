/**
 * The picture of the page app-start.js may paint over the app at start-up (page-snapshot.ts keeps it):
 * apart, so the first page carries only this.
 */

/** The painted picture's element. */
export const PAGE_SNAPSHOT_ELEMENT_ID = 'page-snapshot';

/** True while a picture painted at start-up is still over the app. */
export function pageSnapshotShown(doc: Document = document): boolean {
  return doc.getElementById(PAGE_SNAPSHOT_ELEMENT_ID) !== null;
}

/** Removes the painted picture, showing the app under it. Safe to call at any time. */
export function revealApp(doc: Document = document): void {
  doc.getElementById(PAGE_SNAPSHOT_ELEMENT_ID)?.remove();
}
