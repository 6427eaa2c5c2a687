import type { App, AppContext } from '../../platform/app-context.ts';
import type { Storage } from '../../integrations/storage/storage.ts';
import { updatesRoutes } from './updates.routes.ts';
import { UpdatesService } from './updates.service.ts';

export { publishBundle, type PublishBundleOptions, type PublishedBundle } from './publish-bundle.ts';

/** What updates needs from outside: the storage the bundles and their manifest are in (S3_URL or DATA_DIR/storage, as media). */
export interface UpdatesUses {
  storage: Storage;
}

/** Live updates of the mobile app's web layer: POST /updates and GET /updates/bundles/<file>. Offers `publishBundle` to `npm run bundle`. */
export async function registerUpdatesModule(v4: App, ctx: AppContext, uses: UpdatesUses): Promise<void> {
  const updates = new UpdatesService({ storage: uses.storage, publicUrl: ctx.config.publicUrl });
  await v4.register(updatesRoutes, { updates });
}
