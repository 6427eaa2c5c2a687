import { z } from 'zod';

/** Org (spec section 3): name is the brand shown in the menu header. */
export const org = z.object({
  org_id: z.number().int(),
  name: z.string(),
  media_id: z.number().int().nullable(),
  sub_id: z.number().int().nullable(),
});
export type Org = z.infer<typeof org>;

// GET /orgs: the organisations the caller belongs to.
export const orgList = z.array(org);
