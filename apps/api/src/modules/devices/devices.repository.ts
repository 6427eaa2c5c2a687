import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Device, PushPlatform } from '@holeout/contracts';
import type { Database } from '../../db/client.ts';
import { devices } from '../../db/schema/index.ts';

type Row = typeof devices.$inferSelect;

export interface DeviceRegistration {
  uid: number;
  push_token: string;
  platform: PushPlatform;
  /** Web Push only. */
  web_p256dh: string | null;
  web_auth: string | null;
}

const toDevice = (row: Pick<Row, 'device_id' | 'platform' | 'push_token' | 'created_at'>): Device => ({
  device_id: row.device_id,
  platform: row.platform as PushPlatform,
  push_token: row.push_token,
  created_at: row.created_at.toISOString(),
});

/** The only database code of push registrations. */
export class DevicesRepository {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  /**
   * Registers a token to the user in one transaction: a new row, or the token's row moved to this
   * user (whoever had it) with the platform and keys of now. Then only the user's newest `keep`
   * devices stay: a phone that is reinstalled again and again gets a new token each time.
   */
  async register(registration: DeviceRegistration, keep: number): Promise<Device> {
    const now = this.clock();
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(devices)
        .values({ ...registration, created_at: now })
        .onConflictDoUpdate({
          target: devices.push_token,
          set: {
            uid: registration.uid,
            platform: registration.platform,
            web_p256dh: registration.web_p256dh,
            web_auth: registration.web_auth,
            created_at: now,
          },
        })
        .returning();
      if (!row) throw new Error('the device was not stored');
      const newest = await tx
        .select({ device_id: devices.device_id })
        .from(devices)
        .where(eq(devices.uid, registration.uid))
        .orderBy(desc(devices.created_at), desc(devices.device_id))
        .limit(keep);
      await tx.delete(devices).where(
        and(
          eq(devices.uid, registration.uid),
          notInArray(
            devices.device_id,
            newest.map((d) => d.device_id),
          ),
        ),
      );
      return toDevice(row);
    });
  }

  /** Deletes the user's device with this token; false when the user has none with it. */
  async remove(uid: number, pushToken: string): Promise<boolean> {
    const rows = await this.db
      .delete(devices)
      .where(and(eq(devices.uid, uid), eq(devices.push_token, pushToken)))
      .returning({ device_id: devices.device_id });
    return rows.length > 0;
  }

  /** The user's devices, newest first. */
  async list(uid: number): Promise<Device[]> {
    const rows = await this.db
      .select({ device_id: devices.device_id, platform: devices.platform, push_token: devices.push_token, created_at: devices.created_at })
      .from(devices)
      .where(eq(devices.uid, uid))
      .orderBy(desc(devices.created_at), desc(devices.device_id));
    return rows.map(toDevice);
  }
}
