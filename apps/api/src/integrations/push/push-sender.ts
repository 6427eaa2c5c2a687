import type { PushPlatform } from '@holeout/contracts';

/** One push to one device, as every provider and the push outbox take it. */
export interface PushMessage {
  platform: PushPlatform;
  /** The FCM registration token, or the Web Push endpoint. Never logged. */
  push_token: string;
  /** Web Push only: the subscription's keys that encrypt the payload. */
  keys?: { p256dh: string; auth: string };
  title: string;
  body: string;
  /** FCM carries data values as strings only; every platform gets the same strings. */
  data: { nav_loc: string; notify_id: string };
}

/** 'unregistered': the provider says the token is dead (uninstalled app, expired subscription). */
export type PushOutcome = 'sent' | 'unregistered';

/**
 * A push the provider refused or could not take. `retry` says whether trying again later may help
 * (a 5xx, a 429, a network failure) or not (a malformed message). The message holds no token.
 */
export class PushFailure extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PushFailure';
  }
}

/** Sends pushes: FCM, Web Push, or the push outbox (create-push-sender.ts picks per platform). */
export interface PushSender {
  send(message: PushMessage): Promise<PushOutcome>;
}

export interface PushLog {
  info(details: Record<string, unknown>, message: string): void;
}

/** How long one provider call may take. */
export const PUSH_REQUEST_TIMEOUT_MS = 10_000;
