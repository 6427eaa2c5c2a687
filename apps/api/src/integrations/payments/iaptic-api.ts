import { createServer, type Server } from 'node:http';
import type { IapticPurchase } from '../../modules/payments/payment-status.ts';
import { closeServer, listenOnLoopback } from './loopback.ts';

/** iaptic's customer purchases API: the truth about a user's app-store purchases. */
export interface IapticApi {
  /** The purchases iaptic holds for an application username (the uid), newest state. */
  customerPurchases(applicationUsername: string): Promise<IapticPurchase[]>;
}

export interface IapticApiOptions {
  appName: string;
  secretKey: string;
  /** Another address for iaptic (a loopback fake in tests); https://validator.iaptic.com by default. */
  apiUrl?: string | undefined;
  fetch?: typeof fetch;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A purchase as iaptic sends it, kept to the fields the status reads; anything else is dropped. */
export function readIapticPurchase(value: unknown): IapticPurchase | null {
  if (typeof value !== 'object' || value === null) return null;
  const p = value as Record<string, unknown>;
  const purchaseId = text(p.purchaseId);
  const productId = text(p.productId);
  if (!purchaseId || !productId) return null;
  return {
    purchaseId,
    productId,
    platform: text(p.platform),
    expirationDate: text(p.expirationDate),
    isExpired: p.isExpired === true,
    renewalIntent: text(p.renewalIntent),
    isBillingRetryPeriod: p.isBillingRetryPeriod === true,
    cancelationReason: text(p.cancelationReason),
    isRefunded: p.isRefunded === true,
  };
}

/** The purchases of a webhook body or an API answer: an object keyed by product id. */
export function readIapticPurchases(value: unknown): IapticPurchase[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value as Record<string, unknown>).flatMap((p) => readIapticPurchase(p) ?? []);
}

/** The real adapter: GET /v2/customers/:applicationUsername/purchases with the app's secret key. */
export function createIapticApi(options: IapticApiOptions): IapticApi {
  const base = (options.apiUrl ?? 'https://validator.iaptic.com').replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const auth = `Basic ${Buffer.from(`${options.appName}:${options.secretKey}`).toString('base64')}`;
  return {
    async customerPurchases(applicationUsername) {
      const response = await doFetch(`${base}/v2/customers/${encodeURIComponent(applicationUsername)}/purchases`, {
        headers: { authorization: auth, accept: 'application/json' },
        signal: AbortSignal.timeout(15_000),
      });
      if (response.status === 404) return [];
      if (!response.ok) throw new Error(`iaptic answered ${response.status} for the customer's purchases`);
      const body = (await response.json()) as { purchases?: unknown };
      return readIapticPurchases(body.purchases);
    },
  };
}

/** A loopback stand-in for iaptic's customer purchases API, for the tests. */
export class FakeIaptic {
  private readonly purchases = new Map<string, Record<string, unknown>>();
  private server: Server | null = null;
  readonly requests: string[] = [];
  url = '';

  constructor(private readonly options: { appName: string; secretKey: string }) {}

  /** What iaptic holds for a user from now on (keyed by product id, as iaptic answers). */
  setPurchases(applicationUsername: string, purchases: Record<string, unknown>): void {
    this.purchases.set(applicationUsername, purchases);
  }

  async start(): Promise<string> {
    const expected = `Basic ${Buffer.from(`${this.options.appName}:${this.options.secretKey}`).toString('base64')}`;
    this.server = createServer((req, res) => {
      this.requests.push(`${req.method} ${req.url}`);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== expected) return send(401, { ok: false, code: 6778001, message: 'Unauthorized' });
      const match = /^\/v2\/customers\/([^/]+)\/purchases$/.exec(req.url ?? '');
      if (!match || req.method !== 'GET') return send(404, { ok: false, message: 'Not found' });
      const username = decodeURIComponent(match[1]!);
      return send(200, { ok: true, applicationUsername: username, purchases: this.purchases.get(username) ?? {} });
    });
    this.url = await listenOnLoopback(this.server);
    return this.url;
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
    this.server = null;
  }
}
