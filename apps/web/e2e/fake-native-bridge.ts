import type { Page } from '@playwright/test';

/**
 * A fake native bridge for Chromium: the page believes it runs inside the Capacitor 7 shell and its
 * plugins (App, PushNotifications, SplashScreen, ...) answer from handlers the test gives.
 *
 * It stands in at the interface the native runtime offers the web layer, which is what
 * @capacitor/core reads:
 * - the platform: core's getPlatform() answers 'android' when `window.androidBridge` exists and
 *   'ios' when `window.webkit.messageHandlers.bridge` does, and isNativePlatform() is "not web";
 *   main.tsx asks `window.Capacitor.isNativePlatform()` before core has loaded, which the native
 *   runtime defines, so the fake defines it too;
 * - the plugins: registerPlugin(name) uses the native implementation when `Capacitor.PluginHeaders`
 *   holds a header for that name; each method listed there with rtype 'promise' goes through
 *   `Capacitor.nativePromise(plugin, method, options)`, and addListener (rtype 'callback') through
 *   `Capacitor.nativeCallback(plugin, 'addListener', { eventName }, callback)`, which answers a
 *   callback id. A plugin with no header falls back to its web implementation, or rejects
 *   UNIMPLEMENTED when it has none.
 *
 * Handlers run in the page, so they are sent as source text: each must be self-contained (no
 * closure over test variables; pass values through `state`). A handler gets the call's options and
 * the bridge (`native.state`, `native.fire(plugin, event, data)`, `native.calls`) and answers the
 * call's result (a value or a promise); throwing rejects the call. A non-function value is answered
 * as it is.
 *
 * The test reads and drives the bridge through `window.__fakeNative` (see the helpers below):
 * every call is recorded in order with the page's path at that moment, and events go to the
 * listeners the app added (an event fired before any listener is kept until the first one, as
 * Capacitor's native side retains a cold-start push tap or launch URL).
 */

/** A plugin method as the page runs it. */
export type NativeHandler =
  ((options: Record<string, unknown>, native: FakeNativeInPage) => unknown) | string | number | boolean | null | object;

/** Plugin name → method name → handler. */
export type NativeHandlerMap = Record<string, Record<string, NativeHandler>>;

export interface FakeNativeOptions {
  platform?: 'android' | 'ios';
  plugins: NativeHandlerMap;
  /** JSON-safe values the handlers read as `native.state` (a push token, a launch URL). */
  state?: Record<string, unknown>;
}

/** One recorded plugin call. */
export interface NativeCall {
  plugin: string;
  method: string;
  options: Record<string, unknown>;
  /** location.pathname + location.search when the call was made. */
  path: string;
}

/** What handlers see of the bridge inside the page. */
export interface FakeNativeInPage {
  state: Record<string, unknown>;
  calls: NativeCall[];
  fire(plugin: string, eventName: string, data: unknown): void;
}

/** Plugins every test of the native shell needs, so nothing the app calls at start-up rejects as unimplemented. */
export const DEFAULT_NATIVE_PLUGINS: NativeHandlerMap = {
  App: {
    getLaunchUrl: (_options, native) => (typeof native.state.launchUrl === 'string' ? { url: native.state.launchUrl } : undefined),
    getInfo: { name: 'Holeout', id: 'app.holeout', build: '1', version: '0.1.0' },
    getState: { isActive: true },
    exitApp: null,
    minimizeApp: null,
  },
  SplashScreen: { show: null, hide: null },
  PushNotifications: {
    checkPermissions: { receive: 'granted' },
    requestPermissions: (_options, native) => ({
      receive: typeof native.state.pushPermission === 'string' ? native.state.pushPermission : 'granted',
    }),
    // The OS answers register() with a token through the registration event, a moment later.
    register: (_options, native) => {
      setTimeout(() => native.fire('PushNotifications', 'registration', { value: native.state.pushToken }), 0);
    },
    unregister: null,
    getDeliveredNotifications: { notifications: [] },
    removeDeliveredNotifications: null,
    removeAllDeliveredNotifications: null,
    createChannel: null,
    deleteChannel: null,
    listChannels: { channels: [] },
  },
};

/** Runs in the page before any of its scripts (serialised into the init script). */
function installInPage(
  platform: 'android' | 'ios',
  state: Record<string, unknown>,
  plugins: Record<string, Record<string, unknown>>,
): void {
  type Listener = { id: string; plugin: string; eventName: string; callback: (data: unknown) => void };
  const win = window as unknown as Record<string, unknown>;
  const calls: NativeCall[] = [];
  const listeners: Listener[] = [];
  const retained: { plugin: string; eventName: string; data: unknown }[] = [];
  let nextId = 1;
  const here = () => location.pathname + location.search;

  const native: FakeNativeInPage = {
    state,
    calls,
    fire(plugin, eventName, data) {
      const targets = listeners.filter((l) => l.plugin === plugin && l.eventName === eventName);
      if (targets.length === 0) {
        retained.push({ plugin, eventName, data });
        return;
      }
      for (const listener of targets) listener.callback(data);
    },
  };

  const handlerOf = (plugin: string, method: string): unknown => plugins[plugin]?.[method];

  const nativePromise = (plugin: string, method: string, options: Record<string, unknown> = {}): Promise<unknown> => {
    calls.push({ plugin, method, options, path: here() });
    if (method === 'removeListener') {
      const at = listeners.findIndex((l) => l.id === options.callbackId);
      if (at >= 0) listeners.splice(at, 1);
      return Promise.resolve();
    }
    if (method === 'removeAllListeners') {
      for (let i = listeners.length - 1; i >= 0; i -= 1) if (listeners[i]!.plugin === plugin) listeners.splice(i, 1);
      return Promise.resolve();
    }
    const handler = handlerOf(plugin, method);
    try {
      const result = typeof handler === 'function' ? (handler as (o: unknown, n: FakeNativeInPage) => unknown)(options, native) : handler;
      return Promise.resolve(result === null ? undefined : result);
    } catch (cause) {
      return Promise.reject(cause);
    }
  };

  const nativeCallback = (
    plugin: string,
    method: string,
    options: Record<string, unknown> = {},
    callback?: (data: unknown) => void,
  ): string => {
    calls.push({ plugin, method, options, path: here() });
    const id = String(nextId++);
    if (method === 'addListener' && callback) {
      const eventName = String(options.eventName);
      listeners.push({ id, plugin, eventName, callback });
      // Events that arrived before anyone listened (a cold-start tap or link) go to the first listener.
      for (let i = 0; i < retained.length;) {
        const event = retained[i]!;
        if (event.plugin === plugin && event.eventName === eventName) {
          retained.splice(i, 1);
          setTimeout(() => callback(event.data), 0);
        } else i += 1;
      }
    }
    return id;
  };

  const headers = Object.entries(plugins).map(([name, methods]) => ({
    name,
    methods: [
      ...Object.keys(methods).map((method) => ({ name: method, rtype: 'promise' })),
      { name: 'addListener', rtype: 'callback' },
      { name: 'removeListener', rtype: 'promise' },
      { name: 'removeAllListeners', rtype: 'promise' },
    ],
  }));

  if (platform === 'android') win.androidBridge = { postMessage: () => undefined };
  else win.webkit = { messageHandlers: { bridge: { postMessage: () => undefined } } };
  win.Capacitor = {
    PluginHeaders: headers,
    nativePromise,
    nativeCallback,
    // Defined by the native runtime before any page script; @capacitor/core replaces them with its own.
    isNativePlatform: () => true,
    getPlatform: () => platform,
  };
  win.__fakeNative = native;
}

/** Source text of a handler map, functions kept as functions. */
function handlerMapSource(plugins: NativeHandlerMap): string {
  const pluginEntries = Object.entries(plugins).map(([plugin, methods]) => {
    const methodEntries = Object.entries(methods).map(([method, handler]) => {
      const source = typeof handler === 'function' ? functionSource(handler) : JSON.stringify(handler);
      return `${JSON.stringify(method)}: ${source}`;
    });
    return `${JSON.stringify(plugin)}: {${methodEntries.join(',')}}`;
  });
  return `{${pluginEntries.join(',')}}`;
}

/** A function's source as an expression; methods written in shorthand (`hide() {}`) become function expressions. */
function functionSource(handler: { toString(): string }): string {
  const source = handler.toString();
  if (/^(async\s+)?(function\b|\(|[A-Za-z_$][\w$]*\s*=>)/.test(source)) return source;
  return source.startsWith('async ') ? `async function ${source.slice(6)}` : `function ${source}`;
}

/**
 * Installs the fake bridge in the page (before its first script, on every navigation). `plugins`
 * is merged over DEFAULT_NATIVE_PLUGINS method by method; pass `{ CapacitorUpdater: { ... } }` to add a plugin.
 */
export async function installFakeNativeBridge(page: Page, options: FakeNativeOptions): Promise<void> {
  const merged: NativeHandlerMap = { ...DEFAULT_NATIVE_PLUGINS };
  for (const [plugin, methods] of Object.entries(options.plugins)) merged[plugin] = { ...merged[plugin], ...methods };
  const content = `(${installInPage.toString()})(${JSON.stringify(options.platform ?? 'android')}, ${JSON.stringify(options.state ?? {})}, ${handlerMapSource(merged)});`;
  await page.addInitScript({ content });
}

/** Fires a plugin event at the app (appUrlOpen, pushNotificationReceived, ...). */
export async function fireNativeEvent(page: Page, plugin: string, eventName: string, data: unknown): Promise<void> {
  await page.evaluate(
    ([p, e, d]) => (window as unknown as { __fakeNative: FakeNativeInPage }).__fakeNative.fire(p as string, e as string, d),
    [plugin, eventName, data] as const,
  );
}

/** Every plugin call the page made so far, in order (of one plugin and method when named). */
export async function nativeCalls(page: Page, plugin?: string, method?: string): Promise<NativeCall[]> {
  const calls = await page.evaluate(() => (window as unknown as { __fakeNative: FakeNativeInPage }).__fakeNative.calls);
  return calls.filter((c) => (plugin === undefined || c.plugin === plugin) && (method === undefined || c.method === method));
}

/** Changes a value the handlers read (e.g. the push token the next register() answers). */
export async function setNativeState(page: Page, key: string, value: unknown): Promise<void> {
  await page.evaluate(
    ([k, v]) => {
      (window as unknown as { __fakeNative: FakeNativeInPage }).__fakeNative.state[k as string] = v;
    },
    [key, value] as const,
  );
}
