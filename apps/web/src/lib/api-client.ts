/**
 * The one way the web app talks to the /v4 API: bearer token on every call that has one, and the
 * reaction to every error in one place (no answer: "Error connecting to the internet"; a 401 with a
 * token: log out and go to /login; otherwise the answer's `error`, else the caller's fallback, as a
 * toast unless the call is quiet), so pages only handle what is special to them.
 */
import { mantineToaster, type Toaster } from './notify.ts';
import { readStored } from './storage.ts';
import { API_ORIGIN } from './config.ts';

export const API_BASE = `${API_ORIGIN}/v4`;
export const NETWORK_ERROR_MESSAGE = 'Error connecting to the internet';
export const NOT_LOGGED_IN_MESSAGE = 'Not logged in!';
export const DEFAULT_FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/** A failed call. `status` 0 means the request never got an answer (offline, DNS, CORS). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Raised when a call needs a user and there is no token; the user has been sent to /login. */
export class NotLoggedInError extends Error {
  constructor() {
    super(NOT_LOGGED_IN_MESSAGE);
    this.name = 'NotLoggedInError';
  }
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** The call needs a signed-in user (default true). Public calls (login, register) say false. */
  auth?: boolean;
  /** Shown when the failure carries no message of its own. */
  fallbackMessage?: string;
  /** No toasts: the caller reports the failure itself (or it is meant to be silent). */
  quiet?: boolean;
  /** Headers of this call beside the client's own (e.g. an Idempotency-Key). */
  headers?: Record<string, string>;
  /**
   * What a 401 does: 'logout' (default) signs out and goes to /login; 'throw' only raises, for
   * the session's own user load, which has its own rule.
   */
  on401?: 'logout' | 'throw';
  /** Read the answer as a Blob (downloads); error bodies then arrive as Blobs too. */
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
}

export interface ApiClientDeps {
  baseUrl?: string;
  fetch?: typeof fetch;
  getToken?: () => string | null;
  toaster?: Toaster;
  log?: (message: string, cause?: unknown) => void;
}

/** Set by the session: what a 401 or a missing token does (log out, then go to /login). */
export interface SessionHandlers {
  onUnauthorized(): Promise<void> | void;
  onNotLoggedIn(): Promise<void> | void;
}

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  setSessionHandlers(handlers: SessionHandlers): void;
}

/** Blob by shape: a Response's Blob and the page's Blob class can differ (jsdom, iframes). */
function isBlob(value: unknown): value is Blob {
  return (
    typeof value === 'object' && value !== null && typeof (value as Blob).text === 'function' && typeof (value as Blob).size === 'number'
  );
}

function errorFieldOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || !('error' in value)) return null;
  const error = (value as { error: unknown }).error;
  return typeof error === 'string' && error.trim() !== '' ? error : null;
}

/**
 * The message a failed call's body carries: the `error` field of a JSON body, or the plain text.
 * Blob bodies (from blob downloads) are read first. Null when there is nothing worth showing.
 */
export async function errorMessageFromBody(body: unknown): Promise<string | null> {
  if (isBlob(body)) return errorMessageFromBody(await body.text());
  if (typeof body === 'string') {
    const text = body.trim();
    if (text === '') return null;
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null) return errorFieldOf(parsed);
      return typeof parsed === 'string' && parsed.trim() !== '' ? parsed : text;
    } catch {
      // An HTML error page from a proxy is not a message for a golfer.
      return text.startsWith('<') ? null : text;
    }
  }
  return errorFieldOf(body);
}

function codeFromBody(body: unknown): { code?: string; details?: unknown } {
  if (typeof body !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const { code, details } = parsed as { code?: unknown; details?: unknown };
    return { code: typeof code === 'string' ? code : undefined, details };
  } catch {
    return {};
  }
}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

export function createApiClient(deps: ApiClientDeps = {}): ApiClient {
  const baseUrl = deps.baseUrl ?? API_BASE;
  const getToken = deps.getToken ?? (() => readStored('token'));
  const toaster = deps.toaster ?? mantineToaster;
  const log = deps.log ?? ((message: string, cause?: unknown) => console.error(message, cause));
  let handlers: SessionHandlers = { onUnauthorized: () => {}, onNotLoggedIn: () => {} };

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const { auth = true, quiet = false, on401 = 'logout', responseType = 'json' } = options;
    const fallback = options.fallbackMessage ?? DEFAULT_FALLBACK_MESSAGE;
    const token = getToken();
    if (auth && !token) {
      await handlers.onNotLoggedIn();
      throw new NotLoggedInError();
    }

    const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    // A FormData body (an upload) sets its own multipart type with the boundary; anything else goes as JSON.
    const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
    if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

    const fetchImpl = deps.fetch ?? globalThis.fetch.bind(globalThis);
    let response: Response;
    try {
      response = await fetchImpl(buildUrl(baseUrl, path, options.query), {
        method,
        headers,
        body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      if (!quiet) toaster.show(NETWORK_ERROR_MESSAGE, 'error');
      throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
    }

    if (response.status === 0) {
      if (!quiet) toaster.show(NETWORK_ERROR_MESSAGE, 'error');
      throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
    }

    if (response.ok) {
      if (responseType === 'blob') return (await response.blob()) as T;
      if (response.status === 204) return undefined as T;
      const text = await response.text();
      return (text === '' ? undefined : JSON.parse(text)) as T;
    }

    const rawBody: Blob | string = responseType === 'blob' ? await response.blob() : await response.text();
    const message = await errorMessageFromBody(rawBody);
    const { code, details } = codeFromBody(typeof rawBody === 'string' ? rawBody : await rawBody.text());

    // A 401 on a call made with a token means the token is no longer good: sign out. Unless the
    // token has been replaced meanwhile (a call from before a logout and a new login): the new
    // session is not the one refused.
    if (response.status === 401 && token && on401 === 'logout') {
      if (getToken() === token) await handlers.onUnauthorized();
      throw new ApiError(message ?? 'Unauthorized', 401, code, details);
    }

    if (message) {
      if (!quiet) toaster.show(message, 'error');
      throw new ApiError(message, response.status, code, details);
    }
    log(`${method} ${path} failed with status ${response.status}`, rawBody);
    if (!quiet) toaster.show(fallback, 'error');
    throw new ApiError(fallback, response.status, code, details);
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
    setSessionHandlers(next) {
      handlers = next;
    },
  };
}

/** The app's client: same-origin /v4 (the dev server proxies it to the API). */
export const apiClient: ApiClient = createApiClient();
