import type { AppContext, App } from '../../platform/app-context.ts';
import type { Access } from '../../platform/access/access.ts';
import { TagsRepository } from './tags.repository.ts';
import { tagsRoutes } from './tags.routes.ts';
import { TagsService } from './tags.service.ts';

/** Tags: GET/POST/DELETE /tags; sharing a tag shares, at VIEW, every event of its owner that carries it. It offers nothing to other modules. */
export async function registerTagsModule(v4: App, ctx: AppContext, uses: { access: Access }): Promise<void> {
  const tags = new TagsService({ repository: new TagsRepository(ctx.db, ctx.clock), access: uses.access });
  await v4.register(tagsRoutes, { tags, requireUser: ctx.requireUser });
}
