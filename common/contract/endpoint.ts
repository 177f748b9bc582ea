import type { z } from 'zod'
import type { TokenArea, TokenScope } from '../api-scopes.ts'
import type { Resource } from './resources.ts'

/**
 * One endpoint of the API, declared once: what the server registers, what the OpenAPI document
 * says, what the web app and the command-line client call, and what a change makes stale. The
 * schemas are the zod schemas of `common/schemas`; everything else is data, so each side derives
 * its part without the other's code (docs/decisions/032).
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Where every path of the API starts (the probes apart): data answers, never a page. */
export const API_PREFIX = '/api/'

/**
 * Who may call: `anyone` (signed out too), `user` (signed in, any standing the account gate
 * lets through), `member` (an active member with the second factor their organization asks),
 * `admin` (the organization's admins and the operator), `superAdmin` (the operator), `officer`
 * (the operator's officers), `cluster` (a cluster's own API server, proving itself by what it
 * sends), `development` (development helpers on a loopback host, outside production).
 */
export type Audience =
  | 'anyone'
  | 'user'
  | 'member'
  | 'admin'
  | 'superAdmin'
  | 'officer'
  | 'cluster'
  | 'development'

/** An answer that is not JSON: a file or a page, in its media type. */
export type FileAnswer = { readonly kind: 'file'; readonly mediaType: string; readonly description: string }

/** An answer without a body (204, 304) or a redirect (302, 303) to where `Location` points. */
export type EmptyAnswer = { readonly kind: 'empty'; readonly description: string }

export type Answer = z.ZodType | FileAnswer | EmptyAnswer

export type SuccessStatus = 200 | 201 | 202 | 204 | 302 | 303 | 304
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503

export type EndpointDefinition = {
  readonly method: Method
  /** The path as Fastify spells it (`/api/clusters/:id`), the only place it is written; the probes sit outside /api. */
  readonly path: `/api/${string}` | '/healthz' | '/readyz'
  readonly summary: string
  readonly description?: string
  readonly audience: Audience
  /**
   * API tokens are taken, with `<area>:read` to read and `<area>:write` to change; `anyScope`: any
   * token of the caller, whatever its scopes (a token lists and revokes its owner's tokens).
   */
  readonly token?: TokenArea | 'anyScope'
  /** A registrant waiting for approval may make this call (their own account, the shell's reads). */
  readonly openToPending?: boolean
  /** Limited per address (429 with Retry-After), as what can be guessed is. */
  readonly rateLimited?: boolean
  readonly params?: z.ZodObject
  readonly query?: z.ZodType
  readonly headers?: z.ZodObject
  readonly body?: z.ZodType
  /** The request body's media type when it is not JSON (a form post, raw bytes). */
  readonly bodyMediaType?: string
  readonly responses: { readonly [S in SuccessStatus]?: Answer }
  /** An error status answered with its own body instead of `{ message }` (readiness says what is down). */
  readonly errorAnswers?: { readonly [S in ErrorStatus]?: z.ZodType }
  /** The error statuses the endpoint's own rules answer; those of the platform are added (see `errorStatusesOf`). */
  readonly errors?: readonly ErrorStatus[]
  /** What the answer shows: a change to any of these makes it stale. */
  readonly reads?: readonly Resource[]
  /** What a call changes: the web app refreshes what reads them. */
  readonly changes?: readonly Resource[]
  /** Left out of the document: development helpers. */
  readonly internal?: boolean
}

export type Endpoint<D extends EndpointDefinition = EndpointDefinition> = D & {
  readonly tag: string
  /** `clusters.get`: the area and the endpoint's name in the contract (its OpenAPI operationId). */
  readonly id: string
}

/** Declares the endpoints of one area of the API; `tag` groups them in the document. */
export function defineEndpoints<const Definitions extends Record<string, EndpointDefinition>>(
  tag: string,
  definitions: Definitions,
): { readonly [Name in keyof Definitions]: Endpoint<Definitions[Name]> } {
  const area = tag.replace(/ ([a-z])/g, (_, letter: string) => letter.toUpperCase())
  return Object.fromEntries(
    Object.entries(definitions).map(([name, definition]) => [
      name,
      Object.freeze({ ...definition, tag, id: `${area}.${name}` }),
    ]),
  ) as { readonly [Name in keyof Definitions]: Endpoint<Definitions[Name]> }
}

/** The scope an API token needs for this call; null where tokens are never taken. */
export function scopeOf(endpoint: EndpointDefinition): TokenScope | null {
  if (!endpoint.token || endpoint.token === 'anyScope') return null
  return `${endpoint.token}:${endpoint.method === 'GET' ? 'read' : 'write'}`
}

const STATE_CHANGING = new Set<Method>(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Every error status the server can answer for this endpoint: its own, 400 for a request its
 * schemas refuse, 401/403 for its audience, 403 for a state-changing call from another origin
 * (CSRF), 429 where limited, 503 while the database is away.
 */
export function errorStatusesOf(endpoint: EndpointDefinition): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(endpoint.errors ?? [])
  for (const status of Object.keys(endpoint.errorAnswers ?? {})) statuses.add(Number(status) as ErrorStatus)
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.headers) statuses.add(400)
  if (
    endpoint.audience !== 'anyone' &&
    endpoint.audience !== 'cluster' &&
    endpoint.audience !== 'development'
  ) {
    statuses.add(401)
    statuses.add(403)
  }
  if (STATE_CHANGING.has(endpoint.method)) statuses.add(403)
  if (endpoint.rateLimited) statuses.add(429)
  statuses.add(503)
  return [...statuses].sort((a, b) => a - b)
}

type ParamsOf<E extends EndpointDefinition> = E['params'] extends z.ZodObject
  ? z.input<E['params']>
  : undefined

/** The concrete path of a call: `pathOf(api.clusters.get, { id })` → `/api/clusters/…`. */
export function pathOf<E extends EndpointDefinition>(endpoint: E, params?: ParamsOf<E>): string {
  if (!params) return endpoint.path
  return endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = (params as Record<string, unknown>)[name]
    if (value === undefined) throw new Error(`${endpoint.path} needs the parameter ${name}`)
    return encodeURIComponent(String(value))
  })
}

/** The query string of a call (zod-free, so a browser's bundle can use it): scalars as they are, arrays repeated, undefined left out. */
export function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return ''
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

/** A file answer: the body is the file, in its media type. */
export const file = (mediaType: string, description: string): FileAnswer => ({
  kind: 'file',
  mediaType,
  description,
})

/** The media types a file answer may come in (a comma-separated list in `file(…)`). */
export const mediaTypesOf = (answer: FileAnswer): string[] =>
  answer.mediaType.split(',').map((mediaType) => mediaType.trim())

/** No body: 204 No Content, 304 Not Modified, or a redirect. */
export const empty = (description: string): EmptyAnswer => ({ kind: 'empty', description })
