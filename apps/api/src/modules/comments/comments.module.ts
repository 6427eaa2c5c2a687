import type { App, AppContext } from '../../platform/app-context.ts';
import type { EventsReader } from '../events/events.module.ts';
import type { Notifier } from '../notifications/notifications.module.ts';
import { CommentsRepository } from './comments.repository.ts';
import { commentsRoutes } from './comments.routes.ts';
import { CommentsService } from './comments.service.ts';

/**
 * Comments on events: GET/POST/DELETE /events/comments. Who may read and add them is who may see the
 * event (the events module's reader); the owner is told of others' comments. It offers nothing to
 * other modules.
 */
export async function registerCommentsModule(
  v4: App,
  ctx: AppContext,
  uses: { events: Pick<EventsReader, 'answersFor'>; notifier: Pick<Notifier, 'add'> },
): Promise<void> {
  const comments = new CommentsService({ repository: new CommentsRepository(ctx.db, ctx.clock), ...uses });
  await v4.register(commentsRoutes, { comments, requireUser: ctx.requireUser });
}
