import type { App, AppContext } from '../../platform/app-context.ts';
import { DevicesRepository } from './devices.repository.ts';
import { devicesRoutes } from './devices.routes.ts';
import { DevicesService } from './devices.service.ts';

/**
 * Devices: GET/POST/DELETE /devices (the caller's push registrations) and GET
 * /push/vapid_public_key. The pushes themselves go out through the notifications module's push
 * channel, which reads the devices table. It offers nothing to other modules.
 */
export async function registerDevicesModule(v4: App, ctx: AppContext): Promise<void> {
  const devices = new DevicesService({ repository: new DevicesRepository(ctx.db, ctx.clock), webPushHosts: ctx.config.webPushHosts });
  await v4.register(devicesRoutes, { devices, requireUser: ctx.requireUser, vapidPublicKey: ctx.config.push.vapid?.publicKey ?? null });
}
