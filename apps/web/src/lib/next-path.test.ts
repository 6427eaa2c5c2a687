import { describe, expect, it } from 'vitest';
import { nextParam, safeNextPath } from './next-path.ts';

describe('safeNextPath', () => {
  it('keeps a path of this app with its query', () => {
    expect(safeNextPath('/invite?invite_id=3')).toBe('/invite?invite_id=3');
    expect(safeNextPath('/events')).toBe('/events');
    expect(safeNextPath('/')).toBe('/');
  });

  it('refuses anything that could leave the app, and nothing at all', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'invite',
      'https://evil.example/x',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/ /x',
      'javascript:alert(1)',
      '/a\\b',
    ]) {
      expect(safeNextPath(bad), String(bad)).toBeNull();
    }
  });

  it('refuses the signed-out pages themselves', () => {
    expect(safeNextPath('/login?next=/x')).toBeNull();
    expect(safeNextPath('/registration')).toBeNull();
    expect(safeNextPath('/verify-user/')).toBeNull();
  });
});

describe('nextParam', () => {
  it('encodes the path, or is empty without one', () => {
    expect(nextParam('/invite?invite_id=3')).toBe('?next=%2Finvite%3Finvite_id%3D3');
    expect(nextParam('/invite?invite_id=3', '&')).toBe('&next=%2Finvite%3Finvite_id%3D3');
    expect(nextParam(null)).toBe('');
  });
});
