import { z } from 'zod'
import { type Answer, type EndpointDefinition, pathOf, queryString } from './endpoint.ts'

/**
 * Calls an endpoint of the contract by its declaration, typed from its zod schemas: the input as
 * the schemas take it (`z.input`), the answer as they give it (`z.output`), parsed with the
 * endpoint's own schema. Shared by the command-line client and, later, the web app.
 */

/** The header the server names each request by in its logs (server/plugins/security.ts). */
export const REQUEST_ID_HEADER = 'x-request-id'

type InputOf<T> = T extends z.ZodType ? z.input<T> : undefined
/** The names a query must be sent; none for a strict empty object (its keys are `string`). */
type RequiredKeys<T> = string extends keyof T
  ? never
  : { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T]
/** A query whose parameters are all optional may be left out. */
type QueryInputOf<T> = T extends z.ZodType
  ? [RequiredKeys<z.input<T>>] extends [never]
    ? z.input<T> | undefined
    : z.input<T>
  : undefined

/** What a call sends: only the parts the endpoint declares are required. */
export type CallInput<E extends EndpointDefinition> = OptionalUndefined<{
  params: InputOf<E['params']>
  query: QueryInputOf<E['query']>
  body: InputOf<E['body']>
  headers: InputOf<E['headers']>
}>

type OptionalUndefined<T> = {
  [K in keyof T as undefined extends T[K] ? never : K]: T[K]
} & {
  [K in keyof T as undefined extends T[K] ? K : never]?: T[K]
}

type SuccessOf<E extends EndpointDefinition> = E['responses'][keyof E['responses']]

/** A JSON answer's parsed value; a file's bytes and media type; nothing for an empty answer. */
export type CallOutput<E extends EndpointDefinition> =
  SuccessOf<E> extends infer A
    ? A extends z.ZodType
      ? z.output<A>
      : A extends { kind: 'file' }
        ? FileResult
        : undefined
    : never

export type FileResult = { bytes: Uint8Array; mediaType: string; filename: string | undefined }

/** Where calls go and how they are signed: the base URL, an API token, and the fetch to use. */
export type Transport = {
  baseUrl: string
  /** Sent as `Authorization: Bearer`; a browser sends its cookie instead. */
  token?: string
  fetch?: typeof fetch
  /** Extra headers on every call (User-Agent). */
  headers?: Record<string, string>
  signal?: AbortSignal
}

/** An answer outside 2xx: its status, the server's message and code, and the request's id. */
export class ApiError extends Error {
  readonly status: number
  readonly code: string | undefined
  readonly requestId: string | undefined
  readonly issues: { path: string; message: string }[]
  constructor(
    status: number,
    message: string,
    details: { code?: string; requestId?: string; issues?: { path: string; message: string }[] } = {},
  ) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = details.code
    this.requestId = details.requestId
    this.issues = details.issues ?? []
  }
}

const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})

export async function callEndpoint<E extends EndpointDefinition>(
  endpoint: E,
  input: CallInput<E>,
  transport: Transport,
): Promise<CallOutput<E>> {
  const { params, query, body, headers } = input as {
    params?: Record<string, unknown>
    query?: unknown
    body?: unknown
    headers?: Record<string, string>
  }
  const url =
    transport.baseUrl.replace(/\/$/, '') +
    pathOf(endpoint, params as Parameters<typeof pathOf<E>>[1]) +
    queryString(query)
  const sent: Record<string, string> = { accept: 'application/json', ...transport.headers, ...headers }
  if (transport.token) sent.authorization = `Bearer ${transport.token}`
  const hasBody = body !== undefined && endpoint.method !== 'GET'
  if (hasBody) sent['content-type'] = endpoint.bodyMediaType ?? 'application/json'
  const response = await (transport.fetch ?? fetch)(url, {
    method: endpoint.method,
    headers: sent,
    ...(hasBody ? { body: endpoint.bodyMediaType ? (body as BodyInit) : JSON.stringify(body) } : {}),
    ...(transport.signal ? { signal: transport.signal } : {}),
  })
  const requestId = response.headers.get(REQUEST_ID_HEADER) ?? undefined
  if (!response.ok) throw await errorOf(response, requestId)
  const answer = endpoint.responses[response.status as keyof E['responses']] as Answer | undefined
  if (answer === undefined)
    throw new ApiError(response.status, `Unexpected answer ${response.status} from ${endpoint.path}`, {
      ...(requestId ? { requestId } : {}),
    })
  if (answer instanceof z.ZodType) {
    const parsed = answer.safeParse(await response.json())
    if (!parsed.success)
      throw new ApiError(response.status, `The answer of ${endpoint.path} does not match the contract`, {
        code: 'CONTRACT_MISMATCH',
        ...(requestId ? { requestId } : {}),
        issues: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      })
    return parsed.data as CallOutput<E>
  }
  if (answer.kind === 'file') {
    const disposition = response.headers.get('content-disposition') ?? ''
    return {
      bytes: new Uint8Array(await response.arrayBuffer()),
      mediaType: response.headers.get('content-type') ?? answer.mediaType,
      filename: /filename="([^"]+)"/.exec(disposition)?.[1],
    } satisfies FileResult as unknown as CallOutput<E>
  }
  return undefined as CallOutput<E>
}

async function errorOf(response: Response, requestId: string | undefined): Promise<ApiError> {
  const text = await response.text()
  let body: z.infer<typeof errorBodySchema> | undefined
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text))
    if (parsed.success) body = parsed.data
  } catch {
    // not JSON: a proxy's page
  }
  return new ApiError(response.status, body?.message ?? (response.statusText || `HTTP ${response.status}`), {
    ...(body?.code ? { code: body.code } : {}),
    ...(requestId ? { requestId } : {}),
    ...(body?.issues ? { issues: body.issues } : {}),
  })
}
