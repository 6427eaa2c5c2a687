import type { App, AppContext } from '../../platform/app-context.ts';
import { wellKnownRoutes } from './well-known.routes.ts';

/** The app-link association files at /.well-known/ (outside /v4: the phones' operating systems read them there). */
export async function registerWellKnownModule(app: App, ctx: AppContext): Promise<void> {
  await app.register(wellKnownRoutes, { appLinks: ctx.config.appLinks });
}
