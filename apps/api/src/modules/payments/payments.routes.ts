import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkoutBody,
  demoCheckoutBody,
  demoPortalBody,
  plansResponse,
  redirectResponse,
  subscriptionResponse,
  webhookResponse,
} from '@holeout/contracts';
import { ApiError } from '../../lib/api-error.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { RequireUser } from '../../platform/app-context.ts';
import { callerOf } from '../auth/auth.module.ts';
import type { DemoPayments } from './demo-payments.ts';
import type { PaymentsService } from './payments.service.ts';

export interface PaymentsRoutesOptions {
  payments: PaymentsService;
  demo: DemoPayments | null;
  requireUser: RequireUser;
}

const tags = ['payments'];
const security = [{ bearerAuth: [] }];
/** Webhook bodies are small JSON; anything larger is not from a provider. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** Plans, Stripe Checkout and portal, the provider webhooks, and the demo checkout. */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (app, { payments, demo, requireUser }) => {
  app.get('/plans', {
    schema: { tags, summary: 'The plan catalogue and how this server takes payments', response: { 200: plansResponse } },
    handler: async () => payments.plans(),
  });

  app.post('/payments/stripe/checkout', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: 'Start Stripe Checkout for a plan; answers the address to send the browser to',
      body: checkoutBody,
      response: { 200: redirectResponse, ...errorResponses(400, 401, 403, 409, 503) },
    },
    handler: async (request) =>
      payments.checkout(callerOf(request), request.body.plan, request.headers.origin, `${request.protocol}://${request.host}`),
  });

  app.post('/payments/stripe/portal', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: "Open Stripe's customer portal (change plan, cancel); answers its address",
      response: { 200: redirectResponse, ...errorResponses(401, 404, 503) },
    },
    handler: async (request) => payments.portal(callerOf(request), request.headers.origin, `${request.protocol}://${request.host}`),
  });

  // The signature covers the exact bytes Stripe sent: this route alone keeps the body raw.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    raw.post('/payments/stripe/webhook', {
      schema: {
        tags,
        summary: 'Stripe webhook: signature checked on the raw body, each event applied once, the subscription re-read from Stripe',
        response: { 200: webhookResponse, ...errorResponses(400, 503) },
      },
      handler: async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return payments.stripeWebhook(body, typeof signature === 'string' ? signature : undefined);
      },
    });
  });

  app.post('/payments/iaptic/webhook', {
    bodyLimit: WEBHOOK_BODY_LIMIT,
    schema: {
      tags,
      summary: 'iaptic webhook (purchases.updated): shared secret, once per notification id, purchases re-read from iaptic',
      response: { 200: webhookResponse, ...errorResponses(400, 401, 503) },
    },
    handler: async (request) => payments.iapticWebhook(request.body),
  });

  const requireDemo = () => {
    if (!demo) throw new ApiError(404, 'NOT_FOUND', 'Demo payments are off on this server.');
    return demo;
  };

  app.post('/payments/demo/checkout', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: 'Pay a demo checkout session (DEMO_PAYMENTS=true only): the signed webhook path a Stripe payment takes',
      body: demoCheckoutBody,
      response: { 200: subscriptionResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => requireDemo().pay(callerOf(request), request.body.session),
  });

  app.post('/payments/demo/portal', {
    onRequest: requireUser,
    schema: {
      tags,
      security,
      summary: 'What the customer portal does, in demo mode: cancel at period end, renew, or end now',
      body: demoPortalBody,
      response: { 200: subscriptionResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => requireDemo().portal(callerOf(request), request.body.session, request.body.action),
  });
};
