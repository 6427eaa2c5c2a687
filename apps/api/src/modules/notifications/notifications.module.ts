import type { App, AppContext } from '../../platform/app-context.ts';
import { NotificationsRepository } from './notifications.repository.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { Notifier } from './notifier.ts';

export type { NotificationChannel } from './notification-channel.ts';
export { Notifier } from './notifier.ts';

/**
 * Notifications: rows inserted in the transaction of what caused them (`Notifier.add`, or a
 * module's own insert), delivered afterwards through each channel the user's settings turn on
 * (e-mail today) by the notifier's pump. The notifier exists before the routes, because every
 * module that causes notifications needs it; the routes (the list, read, counts, unsubscribe) come
 * with `register`.
 */
export interface NotificationsModule {
  notifier: Notifier;
  register(v4: App): Promise<void>;
}

export function createNotificationsModule(ctx: AppContext): NotificationsModule {
  const notifier = new Notifier({ db: ctx.db, mailer: ctx.mailer, clock: ctx.clock, publicUrl: ctx.config.publicUrl, log: ctx.log });
  return {
    notifier,
    async register(v4) {
      await v4.register(notificationsRoutes, {
        notifications: new NotificationsRepository(ctx.db, ctx.clock),
        notifier,
        requireUser: ctx.requireUser,
      });
    },
  };
}
