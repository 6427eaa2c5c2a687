import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index.ts';
import { hasForbiddenCharacters, multiLineText, singleLineText } from './text.ts';

/**
 * A valid value of every request body and query of the contracts; each string in it is a text field.
 * Query values are strings, as they arrive in a query string.
 */
const validInputs: Record<string, Record<string, unknown>> = {
  methodQuery: { method: 'firebase' },
  idTokenBody: { idToken: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln' },
  firebaseRegisterBody: {
    idToken: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln',
    first_name: 'Ada',
    last_name: 'Lovelace',
    level: 'Mens Amateur',
    benchmark: 'EIGHTY',
  },
  unlinkQuery: { provider: 'google' },
  accountCodeBody: { purpose: 'set_password' },
  setPasswordBody: { code: '123456', password: 'fairway-first-2026' },
  registerBody: { email: 'ada@example.test', password: 'fairway-first-2026', first_name: 'Ada', last_name: 'Lovelace' },
  verifyQuery: { email: 'ada@example.test', code: '123456', ticket: 'aB3_-aB3_-aB3_-aB3_-aB3_-aB3_-aB3_-aB3_-aB3' },
  emailQuery: { email: 'ada@example.test' },
  loginBody: { email: 'ada@example.test', password: 'holeout-demo' },
  passwordResetBody: { email: 'ada@example.test', code: '123456', password: 'fairway-first-2026' },
  passwordStrengthBody: { password: 'fairway-first-2026', personal: ['ada@example.test', 'Ada'] },
  updateAccountBody: {
    email: 'ada@example.test',
    first_name: 'Ada',
    last_name: 'Lovelace',
    level: null,
    benchmark: 'NINETY',
    password: 'current-password',
  },
  confirmEmailBody: { code: '123456' },
  updatePasswordBody: { password: 'current-password', newPassword: 'fairway-first-2026' },
  tokenIdQuery: { token_id: '3' },
  eventBody: {
    event_type: 'PRACTICE',
    title: 'Putting ladder',
    start: '2026-11-21T16:00:00Z',
    end: '2026-11-21T17:00:00Z',
    notes: 'Three rounds of the ladder',
  },
  eventIdQuery: { event_id: '12' },
  eventsQuery: { from: '2026-11-01', to: '2026-11-30T00:00:00Z', types: 'ROUND,PRACTICE', tags: 'medal,winter', shared: 'true' },
  eventBatchQuery: { event_ids: '12,15' },
  eventBatchBody: { usershares: [], orgshares: [] },
  tagBody: { name: 'College season', colour: '#447ec9' },
  tagIdQuery: { tag_id: '4' },
  tagUpsertQuery: { tag_id: '4' },
  statsQuery: { rounds: '12,15', players: '7', benchmark: 'TOUR' },
  handicapQuery: { players: '7,8' },
  reportQuery: { players: '7', benchmark: 'EIGHTY', rounds: '12,15', from: '2026-09-01', to: '2026-11-30', paper: 'a4', locale: 'en-GB' },
  reportMailBody: {
    players: [7],
    benchmark: 'EIGHTY',
    from: '2026-09-01',
    to: '2026-11-30',
    locale: 'en-GB',
    to_email: 'ada@example.test',
  },
  orgBody: { name: 'Pine Valley Academy', media_id: null, colour: '#1e6b52' },
  orgIdQuery: { org_id: '2' },
  orgUpsertQuery: { org_id: '2' },
  orgMemberQuery: { org_id: '2', uid: '9' },
  seatBody: { uid: 9, seat: 'PREMIUM' },
  inviteBody: { email: 'nia@example.test', role: 'player' },
  inviteIdQuery: { invite_id: '3' },
  shareRoundsQuery: { org_id: '2' },
  shareRoundsBody: { since: '2026-08-27T00:00:00Z' },
  invitesQuery: { org_id: '2' },
  notificationsQuery: { start: '20' },
  readNotificationsQuery: { notify_id: '1,2' },
  drillBody: {
    title: 'Gate drill',
    description: 'Ten putts from 4 ft through a gate of tees',
    category: 'shortPutts',
    fields: [{ key: 'made', label: 'Putts made of 10', type: 'NUMBER', min: 0, max: 10, step: 1 }],
    score_field: 'made',
  },
  drillsQuery: { drill_id: '5' },
  drillResultBody: { ced_id: 31, time: '2026-11-21T16:20:00Z', values: { made: 7 } },
  drillIdQuery: { drill_id: '5' },
  drillUpsertQuery: { drill_id: '5' },
  folderBody: { name: 'Putting', usershares: [], orgshares: [] },
  folderIdQuery: { folder_id: '3' },
  folderUpsertQuery: { folder_id: '3' },
  drillResultsQuery: { drill_id: '5', uids: '7,8' },
  drillResultIdQuery: { drillresult_id: '88' },
  drillResultUpsertQuery: { drillresult_id: '88' },
  checkoutBody: { plan: 3 },
  demoCheckoutBody: { session: 'cs_demo_4f8a2c9e1b7d' },
  demoPortalBody: { session: 'bps_demo_4f8a2c9e1b7d', action: 'cancel_at_period_end' },
  updatesBody: {
    platform: 'ios',
    device_id: '6F1D2C3B-0A4E-4F5A-9B8C-7D6E5F4A3B2C',
    app_id: 'app.holeout',
    version_name: '0.1.0+3f2a9c1',
    version_build: '0.1.0',
    plugin_version: '7.51.21',
    is_emulator: false,
    is_prod: true,
    custom_id: 'ann',
  },
  diagnoseQuery: { players: '7', benchmark: 'CUSTOM' },
  diagnosesQuery: { uid: '7' },
  diagnosisIdQuery: { diagnosis_id: '12' },
  aiPlanBody: { start_date: '2026-11-30', weeks: 4 },
  commentBody: { body: 'Nice lag putting on 7.\nWork on the tee shot on 12.' },
  commentIdQuery: { comment_id: '9' },
  registerDeviceQuery: { push_token: 'fcm-token:APA91bH_example-0123456789', platform: 'android' },
  deviceTokenQuery: { push_token: 'fcm-token:APA91bH_example-0123456789' },
  webPushSubscriptionBody: {
    endpoint: 'https://push.example.test/send/abc123',
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  },
};

/** Fields that take several lines: tabs and line breaks are fine there, the rest is not. */
const MULTI_LINE = new Set(['eventBody.notes', 'drillBody.description', 'commentBody.body']);

/**
 * Characters no text field takes: controls, bidi overrides and isolates, zero-width and invisible
 * separators, and either half of a UTF-16 surrogate pair on its own (not a character at all).
 */
const FORBIDDEN = {
  nul: '\u0000',
  bell: '\u0007',
  escape: '\u001b',
  delete: '\u007f',
  c1: '\u0085',
  'right-to-left override': '\u202e',
  'left-to-right embedding': '\u202a',
  'first strong isolate': '\u2068',
  'right-to-left mark': '\u200f',
  'zero-width space': '\u200b',
  'zero-width joiner': '\u200d',
  'word joiner': '\u2060',
  'byte order mark': '\ufeff',
  'line separator': '\u2028',
  'lone high surrogate': '\ud800',
  'lone low surrogate': '\udfff',
};

const inputSchemas = Object.entries(contracts as Record<string, unknown>).filter(
  // errorBody is the shape of error answers, not a request.
  (entry): entry is [string, z.ZodObject] => /(Body|Query)$/.test(entry[0]) && entry[0] !== 'errorBody' && entry[1] instanceof z.ZodObject,
);

describe('text fields of every request contract', () => {
  it('has a valid example of every request body and query, and each example parses', () => {
    expect(inputSchemas.map(([name]) => name).sort()).toEqual(Object.keys(validInputs).sort());
    for (const [name, schema] of inputSchemas) expect(schema.safeParse(validInputs[name]).success, name).toBe(true);
  });

  for (const [name, schema] of inputSchemas) {
    const valid = validInputs[name] ?? {};
    const textFields = Object.keys(valid).filter((key) => typeof valid[key] === 'string');
    for (const field of textFields) {
      it(`${name}.${field} refuses control, bidi and zero-width characters, naming the field`, () => {
        const base = String(valid[field]);
        const multiLine = MULTI_LINE.has(`${name}.${field}`);
        if (multiLine)
          expect(schema.safeParse({ ...valid, [field]: `${base}\n\tmore` }).success, `${name}.${field} takes line breaks`).toBe(true);
        for (const [what, character] of Object.entries(multiLine ? FORBIDDEN : { ...FORBIDDEN, tab: '\t', newline: '\n' })) {
          // In the middle of the value, where a person would not see it.
          const value = `${base.slice(0, 2)}${character}${base.slice(2)}`;
          const parsed = schema.safeParse({ ...valid, [field]: value });
          expect(parsed.success, `${name}.${field} with ${what}`).toBe(false);
          // The field is named first (a list names its item too: tags.0).
          expect(
            parsed.error?.issues.map((issue) => String(issue.path[0])),
            `${name}.${field} with ${what}`,
          ).toContain(field);
        }
      });
    }
  }
});

describe('singleLineText and multiLineText', () => {
  it('accepts accents, emoji and scripts written right to left', () => {
    for (const text of ['Zoë Ångström', 'José María Olazábal', 'Seve 🏌️', 'إرني إلس', '松山 英樹']) {
      expect(singleLineText.safeParse(text).success, text).toBe(true);
    }
  });

  it('allows tabs and line breaks only in multi-line text', () => {
    expect(multiLineText.safeParse('Putting ladder\n\t3, 6, 9 ft\r\n').success).toBe(true);
    expect(singleLineText.safeParse('Putting\nladder').success).toBe(false);
    for (const character of Object.values(FORBIDDEN)) expect(hasForbiddenCharacters(`notes${character}`, true)).toBe(true);
  });
});
