import { z } from 'zod';
import { singleLineText } from './text.ts';

/** The platforms a live-update bundle is published for. */
export const UPDATE_PLATFORMS = ['ios', 'android'] as const;
export type UpdatePlatform = (typeof UPDATE_PLATFORMS)[number];

/**
 * An app id as the stores write it (reverse domain: `app.holeout`): letters, digits, `_` and `-`
 * in two or more dot-separated parts.
 */
export const APP_ID_PATTERN = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/;
export const appId = singleLineText.pipe(z.string().max(128).regex(APP_ID_PATTERN, 'An app id is reverse-domain, e.g. app.holeout'));

/**
 * A bundle version: the web app's version plus the commit it was built from (`0.1.0+3f2a9c1`),
 * or a native build's version (`0.1.0`).
 */
export const BUNDLE_VERSION_PATTERN = /^\d{1,9}\.\d{1,9}\.\d{1,9}([-+][0-9A-Za-z.-]{1,64})?$/;

const label = (max: number, min = 0) =>
  singleLineText.pipe(z.string().min(min, 'must not be empty').max(max, `is at most ${max} characters`));

// POST /updates (the updater plugin's own request; no sign-in)
/**
 * The update check the live-update plugin (@capgo/capacitor-updater) sends. The plugin sends more
 * than these (version_code, version_os, defaultChannel, ...): those are dropped unread, since a
 * refusal would stop every installed app from updating when a plugin release adds a field.
 */
export const updatesBody = z.object({
  platform: z.enum(UPDATE_PLATFORMS),
  device_id: label(128, 1),
  app_id: appId,
  version_name: label(128, 1).describe('The version of the bundle the device runs (a native build: its own version)'),
  version_build: label(64).describe('The native build version'),
  plugin_version: label(64),
  is_emulator: z.boolean(),
  is_prod: z.boolean(),
  custom_id: label(256).nullable().optional(),
});
export type UpdatesBody = z.infer<typeof updatesBody>;

/** A newer bundle: where to download it, its version, its checksum and (when encrypted) its session key. */
export const updateAvailable = z.object({
  version: z.string(),
  url: z.string().describe('Absolute URL of the bundle zip'),
  checksum: z
    .string()
    .describe("sha256 of the zip in hex; for an encrypted bundle, that digest encrypted with the publisher's RSA key, in hex"),
  session_key: z.string().describe('Empty for a plain bundle; for an encrypted one `<iv base64>:<AES key RSA-encrypted, base64>`'),
});

/**
 * The plugin's protocol answers with 200 and an `error` code when there is nothing to install:
 * `no_new_version_available` with kind `up_to_date`, or `app_not_found` with kind `failed`.
 */
export const updateNotAvailable = z.object({
  message: z.string(),
  error: z.enum(['no_new_version_available', 'app_not_found']),
  kind: z.enum(['up_to_date', 'failed']),
});
export const updatesResponse = z.union([updateAvailable, updateNotAvailable]);
export type UpdatesResponse = z.infer<typeof updatesResponse>;
