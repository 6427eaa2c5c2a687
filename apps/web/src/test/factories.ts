import type { EventResponse, Settings, User } from '@holeout/contracts';
import { SUBSCRIPTION_LEVELS, type Subscription } from '@holeout/golf';

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    uid: 7,
    email: 'ann.hogan@example.com',
    first_name: 'Ann',
    last_name: 'Hogan',
    level: 'Womens Amateur',
    benchmark: 'SCRATCH',
    is_coach: false,
    sub_id: null,
    has_password: true,
    pending_email: null,
    setup_pending: false,
    ...overrides,
  };
}

export function buildSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    sub_id: 40,
    level: SUBSCRIPTION_LEVELS.PREMIUM,
    has_branding: false,
    status: 'ACTIVE',
    purchaser: 7,
    source: 'STRIPE',
    plan_index: null,
    expires_at: null,
    renews: true,
    ...overrides,
  };
}

export function buildSettings(overrides: Partial<Settings> = {}): Settings {
  return { theme: 0, units: 'FEET_YARDS', usershares: [], orgshares: [], ...overrides };
}

/** A saved event as the API answers it: the caller's own round, shared with nobody yet. */
export function buildEvent(overrides: Partial<EventResponse> = {}): EventResponse {
  return {
    event_id: 77,
    event_type: 'ROUND',
    uid: 7,
    title: '',
    start: '2026-05-02T08:00:00.000Z',
    end: null,
    notes: '',
    tags: [],
    share: 'SHARE_SELECTED',
    usershares: [],
    orgshares: [],
    eventdrills: [],
    round: null,
    round_summary: null,
    permissions: 3,
    updated_at: '2026-05-02T12:00:00.000Z',
    ...overrides,
  };
}
