import { describe, expect, it } from 'vitest';
import { checkLoginForm, LOGIN_MESSAGES } from './check-login.ts';

describe('login form check (no zod on the first page)', () => {
  it('accepts an address and a password, trimmed and lower-cased as the API reads them', () => {
    expect(checkLoginForm({ email: '  Ann.Hogan@Example.COM ', password: 'x' })).toEqual({
      ok: true,
      email: 'ann.hogan@example.com',
      password: 'x',
    });
  });

  it.each(['', 'ann', 'ann@', '@example.com', 'ann@example', 'ann hogan@example.com'])('refuses the address %j', (email) => {
    expect(checkLoginForm({ email, password: 'secret' })).toEqual({ ok: false, errors: { email: LOGIN_MESSAGES.email } });
  });

  it('asks for a password, and refuses one longer than the API takes', () => {
    expect(checkLoginForm({ email: 'a@b.co', password: '' })).toEqual({ ok: false, errors: { password: LOGIN_MESSAGES.password } });
    expect(checkLoginForm({ email: 'a@b.co', password: 'x'.repeat(129) })).toEqual({
      ok: false,
      errors: { password: LOGIN_MESSAGES.passwordTooLong },
    });
  });
});
