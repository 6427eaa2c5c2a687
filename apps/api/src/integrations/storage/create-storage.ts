import path from 'node:path';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage, parseS3Url } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/** The S3 adapter when S3_URL is set, local disk under DATA_DIR/storage otherwise. */
export function createStorage(config: { s3Url: string | undefined; dataDir: string }): Storage {
  return config.s3Url ? createS3Storage(parseS3Url(config.s3Url)) : createLocalStorage(path.join(config.dataDir, 'storage'));
}
