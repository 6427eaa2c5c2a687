/**
 * The login form's own check, deliberately without zod: the login page is the first page most
 * visitors load, and the schemas of @holeout/contracts would bring zod's 24 kB (gzip) with them.
 * It only catches the obvious slips; the API validates the body with the full loginBody schema.
 */
export const LOGIN_MESSAGES = {
  email: 'Enter a valid e-mail address',
  password: 'Enter your password',
  passwordTooLong: 'Password must be at most 128 characters',
} as const;

const MAX_PASSWORD_LENGTH = 128;
// One @, something before it, a dot in the domain, no spaces: what a person can mistype.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type LoginCheck = { ok: true; email: string; password: string } | { ok: false; errors: Record<string, string> };

export function checkLoginForm(input: { email: string; password: string }): LoginCheck {
  const email = input.email.trim().toLowerCase();
  const errors: Record<string, string> = {};
  if (!EMAIL_SHAPE.test(email) || email.length > 254) errors.email = LOGIN_MESSAGES.email;
  if (input.password.length === 0) errors.password = LOGIN_MESSAGES.password;
  else if (input.password.length > MAX_PASSWORD_LENGTH) errors.password = LOGIN_MESSAGES.passwordTooLong;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, email, password: input.password };
}
