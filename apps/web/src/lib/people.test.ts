import { describe, expect, it } from 'vitest';
import { personName } from './people.ts';

describe('personName', () => {
  it('first and last name; else the e-mail when known; else Unknown', () => {
    expect(personName({ first_name: 'Robin', last_name: 'Coach' })).toBe('Robin Coach');
    expect(personName({ first_name: '', last_name: 'Coach' })).toBe('Coach');
    expect(personName({ first_name: '', last_name: '', email: 'robin@example.com' })).toBe('robin@example.com');
    expect(personName({ first_name: ' ', last_name: '', email: null })).toBe('Unknown');
    expect(personName(undefined)).toBe('Unknown');
  });
});
