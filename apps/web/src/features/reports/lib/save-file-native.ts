/**
 * Saving a file inside the native app. A WebView ignores <a download>, so the file is written to
 * the app's cache folder (@capacitor/filesystem) and handed to the system's share sheet
 * (@capacitor/share), from which the user saves it to Files or Drive, or sends it on. Loaded only
 * inside the native shell, so neither plugin is in the web bundle.
 */
import { Directory, Filesystem } from '@capacitor/filesystem';
import { Share } from '@capacitor/share';

/** The bytes as base64, which is how the Filesystem plugin takes binary data across the bridge. */
async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The share sheet's answer when the user closes it without choosing: not a failure. */
const isCancel = (err: unknown) => err instanceof Error && /cancel/i.test(err.message);

/** Writes the file to the cache folder and opens the share sheet; 'cancelled' when the user closed the sheet. */
export async function saveNativeFile(file: Blob, fileName: string): Promise<'shared' | 'cancelled'> {
  const { uri } = await Filesystem.writeFile({ path: fileName, data: await base64Of(file), directory: Directory.Cache });
  try {
    await Share.share({ title: fileName, files: [uri], dialogTitle: 'Save or send the file' });
    return 'shared';
  } catch (err) {
    if (isCancel(err)) return 'cancelled';
    throw err;
  }
}
