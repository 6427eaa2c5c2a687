import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** True when the built web app is there to serve. */
export function hasWebApp(webDist: string): boolean {
  return existsSync(path.join(webDist, 'index.html'));
}

/**
 * Serves the built web app at /. Vite's hashed files under /assets never change, so they are
 * cached for a year; everything else (index.html above all) is revalidated on every load so a new
 * release shows at once. Unknown non-/v4 GETs get index.html (see the not-found handler in app.ts).
 * Files are sent compressed when the build left a .br or .gz beside them.
 */
export async function registerWebApp(
  app: FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>,
  webDist: string,
): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    // The build writes .br and .gz beside every text file (scripts/precompress.mjs): served as
    // they are to browsers that accept them, with Content-Encoding and Vary: Accept-Encoding.
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The same URL answers brotli, gzip or plain by Accept-Encoding: caches must keep them apart.
      res.setHeader('vary', 'Accept-Encoding');
    },
  });
}
