import { describe, expect, it, vi } from 'vitest';
import { pushTarget } from './push-alert.ts';
import { createNativePushRegistrar, type DeviceCalls, type NativePushPlugin } from './push-registrar.ts';

/** A push plugin whose register() hands over `token` through the registration event, as the OS does. */
function fakePlugin(token: string, receive = 'granted') {
  let listener: ((token: string) => void) | null = null;
  const plugin = {
    requestPermissions: vi.fn(async () => ({ receive })),
    register: vi.fn(async () => {
      listener?.(token);
    }),
    unregister: vi.fn(async () => undefined),
    onRegistration: (next: (token: string) => void) => {
      listener = next;
    },
    /** The OS answering late, after the app asked. */
    deliver: (value: string) => listener?.(value),
  } satisfies NativePushPlugin & { deliver(value: string): void };
  return plugin;
}

function recordingDevices() {
  const log: string[] = [];
  const devices: DeviceCalls = {
    add: vi.fn(async (token: string, platform: string) => {
      log.push(`POST ${token} ${platform}`);
    }),
    remove: vi.fn(async (token: string) => {
      log.push(`DELETE ${token}`);
    }),
  };
  return { devices, log };
}

describe('native push registration', () => {
  it('after sign-in the OS token is posted with the platform; unregister deletes it, then unregisters from the OS', async () => {
    const plugin = fakePlugin('tok-1');
    const { devices, log } = recordingDevices();
    const registrar = createNativePushRegistrar({ plugin, devices, platform: 'ios' });
    await registrar.register();
    expect(plugin.requestPermissions).toHaveBeenCalledTimes(1);
    expect(log).toEqual(['POST tok-1 ios']);
    await registrar.unregister();
    expect(log).toEqual(['POST tok-1 ios', 'DELETE tok-1']);
    expect(plugin.unregister).toHaveBeenCalledTimes(1);
  });

  it('without permission nothing is registered, and logout deletes nothing', async () => {
    const plugin = fakePlugin('tok-2', 'denied');
    const { devices, log } = recordingDevices();
    const registrar = createNativePushRegistrar({ plugin, devices, platform: 'android' });
    await registrar.register();
    expect(plugin.register).not.toHaveBeenCalled();
    await registrar.unregister();
    expect(log).toEqual([]);
    expect(plugin.unregister).not.toHaveBeenCalled();
  });

  it('a token the OS hands over after logout is not posted', async () => {
    const plugin = fakePlugin('');
    const { devices, log } = recordingDevices();
    const registrar = createNativePushRegistrar({ plugin, devices, platform: 'android' });
    await registrar.register();
    await registrar.unregister();
    plugin.deliver('late-token');
    expect(log).toEqual([]);
  });

  it('the DELETE waits for a POST still on its way', async () => {
    const plugin = fakePlugin('tok-3');
    const log: string[] = [];
    let finishPost: () => void = () => undefined;
    const devices: DeviceCalls = {
      add: () =>
        new Promise<void>((resolve) => {
          finishPost = () => {
            log.push('POST done');
            resolve();
          };
        }),
      remove: async (token) => {
        log.push(`DELETE ${token}`);
      },
    };
    const registrar = createNativePushRegistrar({ plugin, devices, platform: 'android' });
    await registrar.register();
    const unregistering = registrar.unregister();
    await Promise.resolve();
    expect(log).toEqual([]);
    finishPost();
    await unregistering;
    expect(log).toEqual(['POST done', 'DELETE tok-3']);
  });

  it('a failed POST or DELETE is logged, never thrown', async () => {
    const plugin = fakePlugin('tok-4');
    const log = vi.fn();
    const devices: DeviceCalls = {
      add: vi.fn().mockRejectedValue(new Error('offline')),
      remove: vi.fn().mockRejectedValue(new Error('offline')),
    };
    const registrar = createNativePushRegistrar({ plugin, devices, platform: 'android', log });
    await registrar.register();
    await expect(registrar.unregister()).resolves.toBeUndefined();
    expect(devices.remove).toHaveBeenCalledWith('tok-4');
    expect(log).toHaveBeenCalledWith('Could not register this device for push', expect.any(Error));
    expect(log).toHaveBeenCalledWith('Could not remove this device', expect.any(Error));
  });
});

describe('push targets', () => {
  it('a nav_loc becomes an app path that never names another host', () => {
    expect(pushTarget({ nav_loc: 'event?event_id=3' })).toBe('/event?event_id=3');
    expect(pushTarget({ nav_loc: '//example.com/x' })).toBe('/example.com/x');
    expect(pushTarget({ nav_loc: '\\\\example.com' })).toBe('/example.com');
    expect(pushTarget({ nav_loc: '  ' })).toBe('/notifications');
  });
});
