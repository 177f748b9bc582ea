import { GET_CACHE_MAX_ENTRIES, GET_CACHE_PRUNE_COUNT, GET_CACHE_TTL_MS } from './constants.ts'

/** An error that keeps the status, its message chosen by `errorMessageOf`. */
export class ApiError extends Error {
  readonly status: number
  readonly body: unknown
  constructor(status: number, message: string, body: unknown) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.body = body
  }
}

type CacheEntry = { value: unknown; storedAt: number }

/** GET responses by path, valid 5 minutes; past 100 entries the 50 oldest expired ones go. */
export class GetCache {
  private readonly entries = new Map<string, CacheEntry>()
  private readonly now: () => number
  constructor(now: () => number = Date.now) {
    this.now = now
  }

  get(path: string): unknown | undefined {
    const entry = this.entries.get(path)
    if (!entry || this.now() - entry.storedAt >= GET_CACHE_TTL_MS) return undefined
    return entry.value
  }

  set(path: string, value: unknown): void {
    this.entries.set(path, { value, storedAt: this.now() })
    if (this.entries.size > GET_CACHE_MAX_ENTRIES) this.prune()
  }

  delete(path: string): void {
    this.entries.delete(path)
  }

  clear(): void {
    this.entries.clear()
  }

  get size(): number {
    return this.entries.size
  }

  private prune(): void {
    const expired = [...this.entries]
      .filter(([, entry]) => this.now() - entry.storedAt >= GET_CACHE_TTL_MS)
      .sort(([, a], [, b]) => a.storedAt - b.storedAt)
      .slice(0, GET_CACHE_PRUNE_COUNT)
    for (const [path] of expired) this.entries.delete(path)
  }
}

export const getCache = new GetCache()

/** What an unparsable body stands for: a list for user and cluster paths, else an object. */
export function emptyBodyFor(path: string): [] | Record<string, never> {
  return /users|clusters/.test(path) ? [] : {}
}

/**
 * The message of a failed response, in this order: `message` of a JSON body, its `error`
 * (stringified unless a string), the raw text when not blank, the status text, then a fallback.
 */
export function errorMessageOf(
  status: number,
  statusText: string,
  rawText: string,
  fallback: (status: number) => string = (code) => `HTTP Error ${code}`,
): { message: string; body: unknown } {
  let body: unknown
  try {
    body = rawText ? JSON.parse(rawText) : undefined
  } catch {
    body = undefined
  }
  if (body && typeof body === 'object') {
    const { message, error } = body as { message?: unknown; error?: unknown }
    if (typeof message === 'string' && message) return { message, body }
    if (error !== undefined && error !== null && error !== '') {
      return { message: typeof error === 'string' ? error : JSON.stringify(error), body }
    }
  }
  if (rawText.trim()) return { message: rawText, body: body ?? rawText }
  if (statusText.trim()) return { message: statusText, body }
  return { message: fallback(status), body }
}

/** Empty in the browser (same origin); tests point it at a local server. */
let apiBaseUrl = ''
export function setApiBaseUrl(url: string): void {
  apiBaseUrl = url.replace(/\/$/, '')
}

/** Where a path of the API is fetched from (the same origin in the browser). */
export function apiUrl(path: string): string {
  return `${apiBaseUrl}${path}`
}

export type RequestOptions = {
  keepalive?: boolean
  signal?: AbortSignal
  /** Extra request headers, such as an order's `Idempotency-Key`. */
  headers?: Record<string, string>
}

/**
 * The one way the web app calls the API: credentials always, a JSON content type only with a body,
 * 204 or an empty body gives `{}`, an unparsable body gives `[]` or `{}` by path. Every GET answer
 * is kept 5 minutes by its path (the GET cache); reads that must be fresh each time (queries,
 * health probes) go through `queryPath`.
 */
export async function apiRequest<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const isGet = method.toUpperCase() === 'GET'
  if (isGet) {
    const cached = getCache.get(path)
    if (cached !== undefined) return cached as T
  }
  const response = await fetch(apiUrl(path), {
    method,
    credentials: 'include',
    headers: requestHeaders(body !== undefined, options.headers),
    body: body === undefined ? undefined : JSON.stringify(body),
    keepalive: options.keepalive,
    signal: options.signal,
  })
  const text = await response.text()
  if (!response.ok) {
    const { message, body: errorBody } = errorMessageOf(response.status, response.statusText, text)
    throw new ApiError(response.status, message, errorBody)
  }
  const value = parseBody(path, response.status, text)
  if (isGet) getCache.set(path, value)
  return value as T
}

function requestHeaders(hasBody: boolean, extra: Record<string, string> | undefined) {
  if (!hasBody && !extra) return undefined
  return { ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...extra }
}

function parseBody(path: string, status: number, text: string): unknown {
  if (status === 204 || text.length === 0) return {}
  try {
    return JSON.parse(text)
  } catch {
    return emptyBodyFor(path)
  }
}

/**
 * The default query function: GET on the key's path. A 401 throws unless the query asks for null;
 * other failures throw with "Error {status}" as the last fallback.
 */
export async function queryPath<T>(
  path: string,
  on401: 'throw' | 'null' = 'throw',
  signal?: AbortSignal,
  options: { useCache?: boolean } = {},
): Promise<T | null> {
  // A read cached 5 minutes (`useCache`) answers from the GET cache: a remounted screen asks no one.
  if (options.useCache) {
    const cached = getCache.get(path)
    if (cached !== undefined) return cached as T
  }
  const response = await fetch(apiUrl(path), { credentials: 'include', signal })
  const text = await response.text()
  if (response.status === 401 && on401 === 'null') return null
  if (!response.ok) {
    const { message, body } = errorMessageOf(
      response.status,
      response.statusText,
      text,
      (code) => `Error ${code}`,
    )
    throw new ApiError(response.status, message, body)
  }
  const value = parseBody(path, response.status, text)
  if (options.useCache) getCache.set(path, value)
  return value as T
}
