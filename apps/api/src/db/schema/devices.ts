import { integer, pgTable, serial, text, timestamp, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { notifications } from './notifications.ts';
import { users } from './users.ts';

/**
 * Push registrations: a push token belongs to one user at a time (registering it again moves it).
 * android and ios go through FCM; web is a browser's Web Push subscription, whose endpoint is the
 * token and whose keys encrypt the payload. Rows registered before the platform was kept are
 * 'android': FCM routes a token of either mobile platform the same way.
 */
export const devices = pgTable(
  'devices',
  {
    device_id: serial('device_id').primaryKey(),
    uid: integer('uid')
      .notNull()
      .references(() => users.uid),
    push_token: text('push_token').notNull(),
    platform: text('platform').notNull().default('android'),
    // Web Push only: the browser's P-256 public key and authentication secret (base64url).
    web_p256dh: text('web_p256dh'),
    web_auth: text('web_auth'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('devices_push_token_idx').on(t.push_token), index('devices_uid_idx').on(t.uid)],
);

/**
 * One push of one notification to one device. The row is inserted, with the job that sends it, in
 * one transaction, and (notify_id, device_id) is unique: however many processes fan a notification
 * out, each device gets one job. The job claims the row before sending ('queued' -> 'sending' until
 * claimed_until), so a job handed out twice sends once; then 'sent', 'failed' (given up or refused
 * for good) or 'skipped' (the device moved to another user meanwhile). A device whose token the
 * provider calls unregistered is deleted, and its deliveries with it.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    delivery_id: serial('delivery_id').primaryKey(),
    notify_id: integer('notify_id')
      .notNull()
      .references(() => notifications.notify_id, { onDelete: 'cascade' }),
    device_id: integer('device_id')
      .notNull()
      .references(() => devices.device_id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    claimed_until: timestamp('claimed_until', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_deliveries_notify_device_idx').on(t.notify_id, t.device_id),
    index('push_deliveries_device_idx').on(t.device_id),
  ],
);
