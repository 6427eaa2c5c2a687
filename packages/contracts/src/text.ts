import { z } from 'zod';

/**
 * Text that reaches the database and other people's screens. PostgreSQL refuses a NUL byte in text
 * (which used to surface as a 500), control characters corrupt logs and exports, and bidi
 * overrides or zero-width characters make a name or a title read differently from what it is
 * ("Trojan Source"). Every text field of the contracts goes through one of these.
 *
 * Text must also be well-formed Unicode: a UTF-16 surrogate without its other half is no
 * character at all. PostgreSQL refuses one in jsonb (a 500) and stores U+FFFD in its place in text
 * (the text silently changes), so it is refused before either.
 */

// With the u flag a surrogate pair is one code point, so this class matches only a lone half.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

// C0 controls but tab, LF and CR; DEL; C1 controls.
const CONTROL_MULTI_LINE = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';
// Bidi embeddings, overrides, isolates and marks; zero-width space, joiners, word joiner, BOM;
// the line and paragraph separators (invisible line breaks).
const INVISIBLE = '\\u061C\\u200B-\\u200F\\u2028-\\u202E\\u2060-\\u2069\\uFEFF';

const FORBIDDEN_SINGLE_LINE = new RegExp(`[\\t\\n\\r${CONTROL_MULTI_LINE}${INVISIBLE}]`, 'u');
const FORBIDDEN_MULTI_LINE = new RegExp(`[${CONTROL_MULTI_LINE}${INVISIBLE}]`, 'u');

export const SINGLE_LINE_MESSAGE = 'must be one line of plain text (no control, invisible or direction-changing characters)';
export const MULTI_LINE_MESSAGE = 'must be plain text (no control, invisible or direction-changing characters)';
export const WELL_FORMED_MESSAGE = 'must be well-formed Unicode (it holds half of a UTF-16 surrogate pair)';

/** True when the text holds a lone UTF-16 surrogate, which no text field accepts. */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** True when the text holds a character no single-line field accepts (or, with multiLine, no text field). */
export function hasForbiddenCharacters(text: string, multiLine = false): boolean {
  return hasLoneSurrogate(text) || (multiLine ? FORBIDDEN_MULTI_LINE : FORBIDDEN_SINGLE_LINE).test(text);
}

/**
 * Any text that reaches the database: well-formed Unicode. The base of the two below, and of
 * free-form values (a drill result's text, the keys of a result) that have rules of their own.
 */
export const wellFormedText = z
  .string()
  .refine((text) => !hasLoneSurrogate(text), { message: `The text ${WELL_FORMED_MESSAGE}`, abort: true });

/** One line of plain text: names, e-mails, titles, passwords. */
export const singleLineText = wellFormedText.refine((text) => !hasForbiddenCharacters(text), {
  message: `The text ${SINGLE_LINE_MESSAGE}`,
  abort: true,
});

/** Plain text that may hold tabs and line breaks: notes, descriptions. */
export const multiLineText = wellFormedText.refine((text) => !hasForbiddenCharacters(text, true), {
  message: `The text ${MULTI_LINE_MESSAGE}`,
  abort: true,
});
