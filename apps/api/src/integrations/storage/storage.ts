/** A stored object: its bytes and their content type. */
export interface StoredObject {
  body: Buffer;
  contentType: string;
}

/**
 * Where uploaded files live. Local disk under DATA_DIR by default; an S3-compatible bucket when
 * S3_URL is set. Keys are the storage's own names (`media/<random>.webp`), never a user's.
 */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
}

/** Keys are built by the API; this refuses anything that could climb out of a folder or a bucket. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9-]+(\/[A-Za-z0-9_-]+)*\.[a-z0-9]{2,5}$/.test(key)) throw new Error('unsafe storage key');
}
