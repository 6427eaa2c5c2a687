import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppLinksConfig } from '../../config.ts';
import { notFound } from '../../lib/api-error.ts';
import { appleAppSiteAssociation, assetLinks } from './app-links.ts';

export interface WellKnownRoutesOptions {
  appLinks: AppLinksConfig;
}

/** The platforms fetch these rarely and cache them; an hour keeps a changed configuration close behind. */
const CACHE_CONTROL = 'public, max-age=3600';

/**
 * GET /.well-known/assetlinks.json and /.well-known/apple-app-site-association, at the root (the
 * platforms look nowhere else), from the configuration: 404 while the platform's app is not
 * configured, rather than the web app's index.html that any other unknown path gets.
 */
export const wellKnownRoutes: FastifyPluginAsyncZod<WellKnownRoutesOptions> = async (app, { appLinks }) => {
  app.get('/.well-known/assetlinks.json', { schema: { hide: true } }, async (_request, reply) => {
    if (!appLinks.android) throw notFound('No Android app is configured');
    return reply
      .header('cache-control', CACHE_CONTROL)
      .type('application/json')
      .send(JSON.stringify(assetLinks(appLinks.android)));
  });

  // Apple fetches the file without an extension and wants it as application/json, without redirects.
  app.get('/.well-known/apple-app-site-association', { schema: { hide: true } }, async (_request, reply) => {
    if (!appLinks.ios) throw notFound('No iOS app is configured');
    return reply
      .header('cache-control', CACHE_CONTROL)
      .type('application/json')
      .send(JSON.stringify(appleAppSiteAssociation(appLinks.ios)));
  });
};
