import { z } from 'zod';

// GET /notifications/count_unread: the caller's notifications with opened_at null.
export const countUnreadResponse = z.object({ count: z.number().int().min(0) });
export type CountUnreadResponse = z.infer<typeof countUnreadResponse>;
