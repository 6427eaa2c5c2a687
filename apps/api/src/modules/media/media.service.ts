import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { MAX_MEDIA_PIXELS, type MediaResponse } from '@holeout/contracts';
import type { Database } from '../../db/client.ts';
import type { Storage, StoredObject } from '../../integrations/storage/storage.ts';
import { ApiError } from '../../lib/api-error.ts';
import { MediaRepository } from './media.repository.ts';

/** The formats an upload may be, judged by its first bytes, never by its name or declared type. */
export function sniffImage(bytes: Buffer): 'png' | 'jpeg' | 'webp' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

const NOT_AN_IMAGE = 'The file must be a PNG, JPEG or WebP image.';
/** A decompression bomb (a small file of a huge picture) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

export const MEDIA_URL_PREFIX = '/v4/media/';
/** The public name of a stored image: 22 random base64url characters and the extension. */
export const MEDIA_NAME = /^[A-Za-z0-9_-]{22}\.webp$/;

/** The public url of a stored image: its storage key without the `media/` folder, under /v4/media/. */
export function mediaUrl(storageKey: string): string {
  return `${MEDIA_URL_PREFIX}${storageKey.slice('media/'.length)}`;
}

/** The service's dependencies: the storage, the clock, and its repository or the database to build one over. */
export type MediaDeps = { storage: Storage; clock: () => Date } & ({ repository: MediaRepository } | { db: Database });

/**
 * Uploaded images: checked by content (the magic bytes, then sharp must decode the same format),
 * turned upright by their EXIF orientation, resized to fit 512 x 512 px without enlarging, stripped
 * of metadata (location, camera) and stored as WebP under a random name.
 */
export class MediaService {
  private readonly repository: MediaRepository;

  constructor(private readonly deps: MediaDeps) {
    this.repository = 'repository' in deps ? deps.repository : new MediaRepository(deps.db);
  }

  async upload(uid: number, bytes: Buffer): Promise<MediaResponse> {
    const format = sniffImage(bytes);
    if (!format) throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE);
    let output: { data: Buffer; info: sharp.OutputInfo };
    try {
      const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
      const meta = await image.metadata();
      if (meta.format !== format) throw new Error(`declared ${format}, decoded ${meta.format}`);
      output = await image
        .rotate()
        .resize({ width: MAX_MEDIA_PIXELS, height: MAX_MEDIA_PIXELS, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 85 })
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', `${NOT_AN_IMAGE} This one could not be read.`);
    }
    const storageKey = `media/${randomBytes(16).toString('base64url')}.webp`;
    await this.deps.storage.put(storageKey, output.data, 'image/webp');
    const mediaId = await this.repository.insertMedia({
      uid,
      storage_key: storageKey,
      content_type: 'image/webp',
      width: output.info.width,
      height: output.info.height,
      bytes: output.data.length,
      created_at: this.deps.clock(),
    });
    return { media_id: mediaId, url: mediaUrl(storageKey) };
  }

  /** A stored image by its public name; null when there is none. */
  async read(name: string): Promise<StoredObject | null> {
    if (!MEDIA_NAME.test(name)) return null;
    return this.deps.storage.get(`media/${name}`);
  }
}
