import { describe, expect, it } from 'vitest';
import { rememberedPar, rememberPars } from './course-pars.ts';

describe('course pars', () => {
  it('remembers the par of each hole by course, whatever the case and spacing', () => {
    expect(rememberedPar('Royal Example', 1)).toBeNull();
    rememberPars('Royal  Example', { 1: 4, 2: 3 });
    expect(rememberedPar('royal example', 2)).toBe(3);
    rememberPars('Royal Example', { 2: 5 });
    expect(rememberedPar('Royal Example', 1)).toBe(4);
    expect(rememberedPar('Royal Example', 2)).toBe(5);
    expect(rememberedPar('', 1)).toBeNull();
  });
});
