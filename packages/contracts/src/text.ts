import { z } from 'zod';

/**
 * Text that reaches the database and other people's screens. PostgreSQL refuses a NUL byte in text
 * (which used to surface as a 500), control characters corrupt logs and exports, and bidi
 * overrides or zero-width characters make a name or a title read differently from what it is
 * ("Trojan Source"). Every text field of the contracts goes through one of these.
 */

// C0 controls but tab, LF and CR; DEL; C1 controls.
const CONTROL_MULTI_LINE = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';
// Bidi embeddings, overrides, isolates and marks; zero-width space, joiners, word joiner, BOM;
// the line and paragraph separators (invisible line breaks).
const INVISIBLE = '\\u061C\\u200B-\\u200F\\u2028-\\u202E\\u2060-\\u2069\\uFEFF';

const FORBIDDEN_SINGLE_LINE = new RegExp(`[\\t\\n\\r${CONTROL_MULTI_LINE}${INVISIBLE}]`, 'u');
const FORBIDDEN_MULTI_LINE = new RegExp(`[${CONTROL_MULTI_LINE}${INVISIBLE}]`, 'u');

export const SINGLE_LINE_MESSAGE = 'must be one line of plain text (no control, invisible or direction-changing characters)';
export const MULTI_LINE_MESSAGE = 'must be plain text (no control, invisible or direction-changing characters)';

/** True when the text holds a character no single-line field accepts. */
export function hasForbiddenCharacters(text: string, multiLine = false): boolean {
  return (multiLine ? FORBIDDEN_MULTI_LINE : FORBIDDEN_SINGLE_LINE).test(text);
}

/** One line of plain text: names, e-mails, titles, passwords. */
export const singleLineText = z
  .string()
  .refine((text) => !hasForbiddenCharacters(text), { message: `The text ${SINGLE_LINE_MESSAGE}`, abort: true });

/** Plain text that may hold tabs and line breaks: notes, descriptions. */
export const multiLineText = z
  .string()
  .refine((text) => !hasForbiddenCharacters(text, true), { message: `The text ${MULTI_LINE_MESSAGE}`, abort: true });
