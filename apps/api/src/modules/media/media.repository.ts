import type { Database } from '../../db/client.ts';
import { media } from '../../db/schema/index.ts';

/** What is recorded of a stored image: who uploaded it, where it is stored, its format and size. */
export interface MediaRecord {
  uid: number;
  storage_key: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
  created_at: Date;
}

/** The only database code of uploads: the `media` rows that record each stored image. */
export class MediaRepository {
  constructor(readonly db: Database) {}

  /** Records a stored image; answers its id. */
  async insertMedia(record: MediaRecord): Promise<number> {
    const [row] = await this.db.insert(media).values(record).returning({ media_id: media.media_id });
    return row!.media_id;
  }
}
