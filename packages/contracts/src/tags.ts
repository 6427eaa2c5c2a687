import { z } from 'zod';
import { orgShare, orgShareEntry, userShare, userShareEntry } from './account.ts';
import { idParam } from './common.ts';
import { tagName } from './events.ts';

/** A tag: sharing it shares, at VIEW, every event of its owner that carries it. */
export const tag = z.object({
  tag_id: z.number().int(),
  uid: z.number().int().describe('The owner'),
  name: z.string(),
  colour: z.string().nullable(),
  usershares: z.array(userShare),
  orgshares: z.array(orgShare),
  permissions: z.number().int().describe("The caller's own permission"),
  events: z.number().int().describe("How many of its owner's events carry it"),
});
export type TagResponse = z.infer<typeof tag>;
export const tagsResponse = z.object({ tags: z.array(tag) });

// POST /tags (create) and POST /tags?tag_id= (change; its owner)
export const tagBody = z.strictObject({
  name: tagName,
  colour: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'A colour is #rrggbb')
    .nullable()
    .default(null),
  usershares: z.array(userShareEntry).max(15, 'A tag is shared with at most 15 users').default([]),
  orgshares: z.array(orgShareEntry).max(50).default([]),
});
export type TagBody = z.infer<typeof tagBody>;
export const tagIdQuery = z.object({ tag_id: idParam });
export const tagUpsertQuery = z.object({ tag_id: idParam.optional() });
