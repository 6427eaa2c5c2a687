import { and, eq } from 'drizzle-orm';
import type { PushPlatform } from '@holeout/contracts';
import type { Database } from '../../db/client.ts';
import { devices, notifications, pushDeliveries } from '../../db/schema/index.ts';

/** A delivery claimed for sending, with what the push needs. */
export interface ClaimedPush {
  delivery_id: number;
  notify_id: number;
  device_id: number;
  /** Tries so far, this one included. */
  attempts: number;
  platform: PushPlatform;
  push_token: string;
  web_p256dh: string | null;
  web_auth: string | null;
  title: string;
  body: string;
  nav_loc: string;
}

/** The database code of push deliveries: one row per notification and device (unique). */
export class PushRepository {
  constructor(private readonly db: Database) {}

  /**
   * In the caller's transaction: a queued delivery of the notification for each of the user's
   * devices that has none yet. Returns the new ones only: a second fan-out of the same
   * notification (another process, a lapsed claim) waits on the first's rows and adds nothing.
   */
  async insertDeliveries(tx: Database, notifyId: number, uid: number): Promise<number[]> {
    const owned = await tx.select({ device_id: devices.device_id }).from(devices).where(eq(devices.uid, uid));
    if (owned.length === 0) return [];
    const rows = await tx
      .insert(pushDeliveries)
      .values(owned.map((d) => ({ notify_id: notifyId, device_id: d.device_id })))
      .onConflictDoNothing({ target: [pushDeliveries.notify_id, pushDeliveries.device_id] })
      .returning({ delivery_id: pushDeliveries.delivery_id });
    return rows.map((r) => r.delivery_id).sort((a, b) => a - b);
  }

  /**
   * Claims a delivery for sending, in one short transaction holding its row: only a queued one, or
   * one whose claim lapsed (a process died mid-send), so a job handed out twice sends once. A
   * delivery whose device now belongs to someone else (the token moved) is 'skipped': a user's
   * notification never reaches another user's device. Null when there is nothing to send.
   */
  async claim(deliveryId: number, now: Date, claimUntil: Date): Promise<ClaimedPush | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          delivery_id: pushDeliveries.delivery_id,
          notify_id: pushDeliveries.notify_id,
          device_id: pushDeliveries.device_id,
          state: pushDeliveries.state,
          attempts: pushDeliveries.attempts,
          claimed_until: pushDeliveries.claimed_until,
          platform: devices.platform,
          push_token: devices.push_token,
          web_p256dh: devices.web_p256dh,
          web_auth: devices.web_auth,
          device_uid: devices.uid,
          notify_uid: notifications.uid,
          title: notifications.title,
          body: notifications.body,
          nav_loc: notifications.nav_loc,
        })
        .from(pushDeliveries)
        .innerJoin(devices, eq(devices.device_id, pushDeliveries.device_id))
        .innerJoin(notifications, eq(notifications.notify_id, pushDeliveries.notify_id))
        .where(eq(pushDeliveries.delivery_id, deliveryId))
        .for('update', { of: pushDeliveries });
      if (!row) return null;
      const due = row.state === 'queued' || (row.state === 'sending' && row.claimed_until !== null && row.claimed_until <= now);
      if (!due) return null;
      if (row.device_uid !== row.notify_uid) {
        await tx.update(pushDeliveries).set({ state: 'skipped', claimed_until: null }).where(eq(pushDeliveries.delivery_id, deliveryId));
        return null;
      }
      const attempts = row.attempts + 1;
      await tx
        .update(pushDeliveries)
        .set({ state: 'sending', attempts, claimed_until: claimUntil })
        .where(eq(pushDeliveries.delivery_id, deliveryId));
      return {
        delivery_id: row.delivery_id,
        notify_id: row.notify_id,
        device_id: row.device_id,
        attempts,
        platform: row.platform as PushPlatform,
        push_token: row.push_token,
        web_p256dh: row.web_p256dh,
        web_auth: row.web_auth,
        title: row.title,
        body: row.body,
        nav_loc: row.nav_loc,
      };
    });
  }

  /** Records how a claimed delivery went: 'sent', 'failed', or back to 'queued' for the job's next try. */
  async mark(deliveryId: number, state: 'sent' | 'failed' | 'queued', now: Date): Promise<void> {
    await this.db
      .update(pushDeliveries)
      .set({ state, claimed_until: null, ...(state === 'sent' ? { sent_at: now } : {}) })
      .where(and(eq(pushDeliveries.delivery_id, deliveryId), eq(pushDeliveries.state, 'sending')));
  }

  /** Deletes a device the provider called unregistered (its deliveries go with it), if it still has that token. */
  async deleteDevice(deviceId: number, pushToken: string): Promise<void> {
    await this.db.delete(devices).where(and(eq(devices.device_id, deviceId), eq(devices.push_token, pushToken)));
  }
}
