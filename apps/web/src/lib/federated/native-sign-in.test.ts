import { describe, expect, it, vi } from 'vitest';
import { createNativeFederatedSignIn, type NativeFirebasePlugin } from './native-sign-in.ts';

function fakePlugin(overrides: Partial<NativeFirebasePlugin> = {}) {
  return {
    signInWithGoogle: vi.fn(async () => ({ user: { uid: 'g' } })),
    signInWithApple: vi.fn(async () => ({ user: { uid: 'a' } })),
    signInWithMicrosoft: vi.fn(async () => ({ user: { uid: 'm' } })),
    getIdToken: vi.fn(async () => ({ token: 'native-token' })),
    signOut: vi.fn(async () => undefined),
    ...overrides,
  } satisfies NativeFirebasePlugin;
}

describe('native federated sign-in', () => {
  it("signs in with the provider's own flow, then answers the Firebase ID token", async () => {
    const plugin = fakePlugin();
    const signIn = createNativeFederatedSignIn(plugin, vi.fn());
    expect(signIn.platform).toBe('native');
    expect(await signIn.signInWith('apple')).toBe('native-token');
    expect(plugin.signInWithApple).toHaveBeenCalledTimes(1);
    expect(plugin.signInWithGoogle).not.toHaveBeenCalled();
    expect(await signIn.signInWith('microsoft')).toBe('native-token');
    expect(plugin.signInWithMicrosoft).toHaveBeenCalledTimes(1);
  });

  it('a cancelled sign-in (the plugin rejects) is null and no token is asked for', async () => {
    const plugin = fakePlugin({ signInWithGoogle: vi.fn(async () => Promise.reject(new Error('The user canceled the sign-in flow.'))) });
    const log = vi.fn();
    const signIn = createNativeFederatedSignIn(plugin, log);
    expect(await signIn.signInWith('google')).toBeNull();
    expect(plugin.getIdToken).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('signs out through the plugin; never has a redirect result', async () => {
    const plugin = fakePlugin();
    const signIn = createNativeFederatedSignIn(plugin, vi.fn());
    await signIn.signOut();
    expect(plugin.signOut).toHaveBeenCalledTimes(1);
    expect(await signIn.takeRedirectResult('login')).toBeNull();
  });
});
