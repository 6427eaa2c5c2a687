import type { App, AppContext } from '../../platform/app-context.ts';
import type { Storage } from '../../integrations/storage/storage.ts';
import { MediaRepository } from './media.repository.ts';
import { mediaRoutes } from './media.routes.ts';
import { MediaService } from './media.service.ts';

export { mediaUrl } from './media.service.ts';

/** What media needs from outside: where the images are stored (S3_URL or DATA_DIR/storage, or a test's). */
export interface MediaUses {
  storage: Storage;
}

/** Uploaded images: POST /media (a coach's organisation logo) and GET /media/<name>. */
export async function registerMediaModule(v4: App, ctx: AppContext, uses: MediaUses): Promise<void> {
  const media = new MediaService({ repository: new MediaRepository(ctx.db), storage: uses.storage, clock: ctx.clock });
  await v4.register(mediaRoutes, { media, requireUser: ctx.requireUser });
}
