import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type Storage, type StoredObject } from './storage.ts';

const TYPES: Record<string, string> = { '.webp': 'image/webp', '.png': 'image/png', '.jpg': 'image/jpeg' };

/** Files under `root` (DATA_DIR/storage); written to a temporary name first, so a reader never sees half a file. */
export function createLocalStorage(root: string): Storage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key: string, body: Buffer) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, file);
    },
    async get(key: string): Promise<StoredObject | null> {
      const file = fileOf(key);
      try {
        return { body: await readFile(file), contentType: TYPES[path.extname(file)] ?? 'application/octet-stream' };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key: string) {
      await rm(fileOf(key), { force: true });
    },
  };
}
