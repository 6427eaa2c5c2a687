import type { PushSender } from '../../integrations/push/push-sender.ts';
import type { App, AppContext } from '../../platform/app-context.ts';
import { NotificationsRepository } from './notifications.repository.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { Notifier } from './notifier.ts';
import { PushChannel } from './push-channel.ts';
import { PushRepository } from './push.repository.ts';

export type { NotificationChannel } from './notification-channel.ts';
export type { PushJob, PushQueue } from './push-channel.ts';
export { Notifier } from './notifier.ts';

/** What the job runner needs of push: the queue it provides, and the sending of one job. */
export interface PushDeliveries {
  /** The job queue of this process (server.ts sets it once the job runner runs); push waits until then. */
  useQueue: PushChannel['useQueue'];
  /** Sends one delivery: the handler of the job queue's push jobs. */
  send: PushChannel['send'];
}

/**
 * Notifications: rows inserted in the transaction of what caused them (`Notifier.add`, or a
 * module's own insert), delivered afterwards through each channel the user's settings turn on
 * (e-mail, and push to their devices through the job queue) by the notifier's pump. The notifier
 * exists before the routes, because every module that causes notifications needs it; the routes
 * (the list, read, counts, unsubscribe) come with `register`.
 */
export interface NotificationsModule {
  notifier: Notifier;
  push: PushDeliveries;
  register(v4: App): Promise<void>;
}

/** `pushSender`: where pushes go (app.ts makes it from the configuration, counted for /metrics). */
export function createNotificationsModule(ctx: AppContext, options: { pushSender: PushSender }): NotificationsModule {
  const push = new PushChannel({
    db: ctx.db,
    repository: new PushRepository(ctx.db),
    sender: options.pushSender,
    clock: ctx.clock,
    log: ctx.log,
  });
  const notifier = new Notifier({ db: ctx.db, mailer: ctx.mailer, clock: ctx.clock, publicUrl: ctx.config.publicUrl, log: ctx.log, push });
  return {
    notifier,
    push: { useQueue: (queue) => push.useQueue(queue), send: (job) => push.send(job) },
    async register(v4) {
      await v4.register(notificationsRoutes, {
        notifications: new NotificationsRepository(ctx.db, ctx.clock),
        notifier,
        requireUser: ctx.requireUser,
      });
    },
  };
}
