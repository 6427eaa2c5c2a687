import { z } from 'zod';
import { idParam } from './common.ts';
import { multiLineText } from './text.ts';

/** The longest comment, in characters (Unicode code points, so an emoji counts once), after trimming. */
export const COMMENT_MAX_LENGTH = 2000;

/** A comment's length as its limit counts it: code points of the trimmed text. */
export function commentLength(text: string): number {
  return [...text.trim()].length;
}

const COMMENT_LENGTH_MESSAGE = `A comment is 1 to ${COMMENT_MAX_LENGTH.toLocaleString('en')} characters`;

/**
 * A comment's text: plain multi-line text, where the only control characters are line breaks and
 * tabs. A carriage return is refused too: a line break is one LF (what every browser's textarea
 * gives), so a comment reads the same everywhere it is shown.
 */
export const commentText = multiLineText
  .refine((text) => !text.includes('\r'), {
    message: 'The text must be plain text; line breaks are \\n only (no carriage return)',
    abort: true,
  })
  .pipe(
    z
      .string()
      .trim()
      .refine((text) => text.length > 0 && commentLength(text) <= COMMENT_MAX_LENGTH, COMMENT_LENGTH_MESSAGE),
  );

// POST /events/comments?event_id= (anyone who may see the event)
export const commentBody = z.strictObject({ body: commentText });
export type CommentBody = z.infer<typeof commentBody>;

// DELETE /events/comments?comment_id= (its author, or the event's owner)
export const commentIdQuery = z.object({ comment_id: idParam });

/** A comment on an event with its author's name (a deleted account's comments go with it). */
export const eventComment = z.object({
  comment_id: z.number().int(),
  event_id: z.number().int(),
  uid: z.number().int().describe('The author'),
  first_name: z.string(),
  last_name: z.string(),
  body: z.string().describe('Plain text; line breaks are \\n'),
  created_at: z.string(),
});
export type EventComment = z.infer<typeof eventComment>;

// GET /events/comments?event_id=: oldest first.
export const commentsResponse = z.object({ comments: z.array(eventComment) });
export type CommentsResponse = z.infer<typeof commentsResponse>;
