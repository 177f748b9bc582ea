import { z } from 'zod'
import {
  type Answer,
  type Endpoint,
  type ErrorStatus,
  errorStatusesOf,
  mediaTypesOf,
  type SuccessStatus,
} from '#common/contract/endpoint.ts'
import { href } from '#common/routes.ts'
import { errorResponseSchema } from '#common/schemas/errors.ts'
import { SECURITY_SCHEMES, securityOf } from './http.ts'

/**
 * The OpenAPI 3 document of the API, written from the contract's endpoints alone
 * (common/contract): what `/api/openapi.json` serves, what the API reference page shows, what the
 * fuzzer and the answer-conformance check of the API tests read. A pure function of the
 * endpoints and the options; the zod schemas become JSON Schemas of OpenAPI 3.0 — requests as
 * they are read (`io: 'input'`), answers as they are written (`io: 'output'`).
 */

export type JsonSchema = { [keyword: string]: unknown }

export type OpenApiParameter = {
  name: string
  in: 'path' | 'query' | 'header'
  required: boolean
  description?: string
  schema: JsonSchema
}

export type OpenApiResponse = {
  description: string
  headers?: Record<string, { description: string; schema: JsonSchema }>
  content?: Record<string, { schema: JsonSchema }>
}

export type OpenApiOperation = {
  operationId: string
  summary: string
  description?: string
  tags: string[]
  security: Record<string, string[]>[]
  parameters?: OpenApiParameter[]
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> }
  responses: Record<string, OpenApiResponse>
}

export type OpenApiDocument = {
  openapi: '3.0.3'
  info: {
    title: string
    version: string
    description: string
    contact: { name: string; url: string }
    license: { name: string; url: string }
  }
  servers: { url: string; description: string }[]
  tags: { name: string; description: string }[]
  paths: Record<string, Record<string, OpenApiOperation>>
  components: {
    schemas: Record<string, JsonSchema>
    securitySchemes: typeof SECURITY_SCHEMES
  }
}

export type OpenApiOptions = {
  /** The app's public address (APP_URL): the document's server, and where the terms are read. */
  serverUrl: string
  /** The API's version (the document's `info.version`). */
  version?: string
}

/** The media type of JSON answers and bodies. */
export const JSON_MEDIA_TYPE = 'application/json'

/** The shared schema of every error answer. */
export const ERROR_RESPONSE = 'ErrorResponse'

/** What each area of the API is about: the document's tag list, in the reference's words. */
export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  system: 'The running version and the probes of the process',
  auth: 'Signing in and out, registration, second factors, passkeys and the links sent by mail',
  account: "The signed-in person's account: profile, password, sessions and API tokens",
  organization: 'The organization: its details, members and invitations',
  audit: "The organization's audit log",
  gdpr: 'Data export and erasure requests (GDPR)',
  notifications: "The signed-in person's notifications",
  officers: "The operator's officers: reviews of registrations and requests",
  catalog: 'Cluster types, data centers, Kubernetes versions and prices',
  marketplace: 'Products to install on a cluster, and their installations',
  'custom solutions': 'Requests for a solution built to measure, and their quotes',
  support: 'Support tickets and their messages',
  rates: 'Exchange rates of the currencies prices are shown in',
  dashboard: "The overview of the organization's clusters, spending and activity",
  leads: 'Demo requests, sales contacts and the newsletter',
  legal: "The seller's identity and the legal documents",
  orders: 'Orders of clusters, their invoice preview and their status',
  clusters: "The organization's clusters, their operations and credentials, and saved configurations",
  providers: 'The infrastructure providers clusters run on',
  billing: 'Invoices, credit notes, payments, payment methods and budget alerts',
  usage: "The organization's metered usage",
  development: 'Development helpers, on a loopback host outside production',
}

const SUCCESS_DESCRIPTIONS: Record<SuccessStatus, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted: the change runs as an operation',
  204: 'No content',
  302: 'Found: a redirect',
  303: 'See other: a redirect',
  304: 'Not modified',
}

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'The request does not match its schema; `issues` names the fields',
  401: 'Not signed in, or the session or API token is not valid',
  403: 'Not allowed: the role, the token scope, the account standing or the origin of the request',
  404: 'Not found, or not visible to the caller',
  409: 'In conflict with the current state',
  410: 'Gone: no longer available',
  413: 'The body is too large',
  415: 'The media type of the body is not accepted',
  422: 'Understood but refused by a business rule',
  429: 'Too many requests from this address: wait for Retry-After seconds',
  502: 'A service the call depends on failed',
  503: 'Unavailable for a moment (the database is away)',
}

/** The document of the endpoints; those marked `internal` are left out. */
export function openApiDocument(endpoints: readonly Endpoint[], options: OpenApiOptions): OpenApiDocument {
  const schemas = new SchemaComponents()
  schemas.add(ERROR_RESPONSE, jsonSchemaOf(errorResponseSchema, 'output', schemas, ERROR_RESPONSE))
  const paths: OpenApiDocument['paths'] = {}
  const tags: string[] = []
  for (const endpoint of endpoints) {
    if (endpoint.internal) continue
    const path = openApiPath(endpoint.path)
    paths[path] ??= {}
    const operations = paths[path]
    const method = endpoint.method.toLowerCase()
    if (operations[method]) throw new Error(`${endpoint.method} ${endpoint.path} is declared twice`)
    operations[method] = operationOf(endpoint, schemas)
    if (!tags.includes(endpoint.tag)) tags.push(endpoint.tag)
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Clusterdeck API',
      version: options.version ?? '1',
      description:
        'The API behind the Clusterdeck portal: managed Kubernetes clusters from EU data centers. ' +
        'Calls are signed with the session of a signed-in browser or with a personal API token ' +
        '(`Authorization: Bearer …`) carrying the scope each operation names. Errors answer ' +
        '`{ message, code?, issues? }`.',
      contact: { name: 'Clusterdeck support', url: new URL(href('support'), options.serverUrl).toString() },
      license: { name: 'Proprietary', url: new URL(href('terms'), options.serverUrl).toString() },
    },
    servers: [{ url: options.serverUrl, description: 'This installation' }],
    tags: tags.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `The ${name} endpoints` })),
    paths,
    components: { schemas: schemas.all(), securitySchemes: SECURITY_SCHEMES },
  }
}

/** `/api/clusters/:id` → `/api/clusters/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
}

function operationOf(endpoint: Endpoint, schemas: SchemaComponents): OpenApiOperation {
  const parameters = [
    ...parametersOf(endpoint, 'path', schemas),
    ...parametersOf(endpoint, 'query', schemas),
    ...parametersOf(endpoint, 'header', schemas),
  ]
  const responses: Record<string, OpenApiResponse> = {}
  for (const [status, answer] of Object.entries(endpoint.responses) as [string, Answer][])
    responses[status] = successResponse(Number(status) as SuccessStatus, answer, endpoint, schemas)
  for (const status of errorStatusesOf(endpoint)) {
    const own = endpoint.errorAnswers?.[status]
    responses[status] = own
      ? {
          description: ERROR_DESCRIPTIONS[status],
          content: { [JSON_MEDIA_TYPE]: { schema: jsonSchemaOf(own, 'output', schemas, endpoint.id) } },
        }
      : errorResponse(status)
  }
  return {
    operationId: endpoint.id,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    tags: [endpoint.tag],
    security: securityOf(endpoint),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(endpoint.body ? { requestBody: requestBodyOf(endpoint, endpoint.body, schemas) } : {}),
    responses,
  }
}

const PARAMETER_SOURCES = { path: 'params', query: 'query', header: 'headers' } as const

function parametersOf(
  endpoint: Endpoint,
  location: OpenApiParameter['in'],
  schemas: SchemaComponents,
): OpenApiParameter[] {
  const schema = endpoint[PARAMETER_SOURCES[location]]
  if (!schema) return []
  const json = jsonSchemaOf(schema, 'input', schemas, `${endpoint.id}.${location}`)
  const properties = json.properties as Record<string, JsonSchema> | undefined
  if (json.type !== 'object' || !properties)
    throw new Error(`The ${location} parameters of ${endpoint.id} are not an object of fields`)
  const required = new Set((json.required as string[] | undefined) ?? [])
  return Object.entries(properties).map(([name, { description, ...property }]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    ...(typeof description === 'string' ? { description } : {}),
    schema: property,
  }))
}

function requestBodyOf(endpoint: Endpoint, body: z.ZodType, schemas: SchemaComponents) {
  return {
    required: !acceptsNothing(body),
    content: {
      [endpoint.bodyMediaType ?? JSON_MEDIA_TYPE]: {
        schema: jsonSchemaOf(body, 'input', schemas, `${endpoint.id}.body`),
      },
    },
  }
}

function successResponse(
  status: SuccessStatus,
  answer: Answer,
  endpoint: Endpoint,
  schemas: SchemaComponents,
): OpenApiResponse {
  if (answer instanceof z.ZodType) {
    const schema = jsonSchemaOf(answer, 'output', schemas, `${endpoint.id}.${status}`)
    const description = typeof schema.description === 'string' ? schema.description : undefined
    return {
      description: description ?? SUCCESS_DESCRIPTIONS[status],
      content: { [JSON_MEDIA_TYPE]: { schema } },
    }
  }
  if (answer.kind === 'file')
    return {
      description: answer.description,
      content: Object.fromEntries(
        mediaTypesOf(answer).map((mediaType) => [
          mediaType,
          { schema: { type: 'string', format: 'binary' } },
        ]),
      ),
    }
  if (status === 302 || status === 303)
    return {
      description: answer.description,
      headers: {
        Location: {
          description: 'Where the redirect leads',
          schema: { type: 'string', format: 'uri-reference' },
        },
      },
    }
  return { description: answer.description }
}

function errorResponse(status: ErrorStatus): OpenApiResponse {
  return {
    description: ERROR_DESCRIPTIONS[status],
    ...(status === 429
      ? {
          headers: {
            'Retry-After': {
              description: 'Seconds to wait before trying again',
              schema: { type: 'integer' },
            },
          },
        }
      : {}),
    content: { [JSON_MEDIA_TYPE]: { schema: { $ref: `#/components/schemas/${ERROR_RESPONSE}` } } },
  }
}

/** Whether a body may be left out (a schema that takes `undefined`). */
function acceptsNothing(schema: z.ZodType): boolean {
  try {
    return schema.safeParse(undefined).success
  } catch {
    return false
  }
}

/**
 * A zod schema as an OpenAPI 3.0 Schema Object. Definitions zod writes for a schema used more
 * than once or recursively become components named after where they are used.
 */
function jsonSchemaOf(
  schema: z.ZodType,
  io: 'input' | 'output',
  schemas: SchemaComponents,
  context: string,
): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      // A date is written as its ISO string (JSON.stringify).
      if (zodSchema._zod.def.type === 'date') {
        jsonSchema.type = 'string'
        jsonSchema.format = 'date-time'
      }
    },
  }) as JsonSchema
  const { definitions, $defs, ...rest } = json
  const defined = { ...(definitions as Record<string, JsonSchema>), ...($defs as Record<string, JsonSchema>) }
  const names = new Map<string, string>()
  for (const name of Object.keys(defined))
    names.set(name, schemas.name(`${context}.${name.replace(/^_+/, '')}`))
  const rewrite = (value: unknown): unknown => rewriteRefs(value, names)
  for (const [name, definition] of Object.entries(defined))
    schemas.add(names.get(name)!, nullableEnums(rewrite(definition)) as JsonSchema)
  return nullableEnums(rewrite(rest)) as JsonSchema
}

function rewriteRefs(value: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, names))
  if (value === null || typeof value !== 'object') return value
  const result: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref' && typeof item === 'string') {
      const match = item.match(/^#\/(?:definitions|\$defs)\/(.+)$/)
      const name = match ? names.get(match[1]!) : undefined
      result[key] = name ? `#/components/schemas/${name}` : item
    } else result[key] = rewriteRefs(item, names)
  }
  return result
}

/** OpenAPI 3.0.3: a nullable enum lists null among its values, or null is not one of them. */
/**
 * What OpenAPI 3.0 asks of a nullable schema that JSON Schema does not: `null` among an enum's
 * values, and a `type` beside `nullable`.
 */
function nullableEnums(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullableEnums)
  if (value === null || typeof value !== 'object') return value
  const result: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) result[key] = nullableEnums(item)
  if (result.nullable === true && Array.isArray(result.enum) && !result.enum.includes(null))
    result.enum = [...result.enum, null]
  // OpenAPI 3.0 reads `nullable` beside a `type` only: a nullable choice of one type names it.
  if (result.nullable === true && result.type === undefined) {
    const types = new Set(
      [result.anyOf, result.oneOf].flat().map((member) => (member as { type?: unknown } | undefined)?.type),
    )
    types.delete(undefined)
    if (types.size === 1) result.type = [...types][0]
  }
  return result
}

/** `components.schemas`, each name given once. */
class SchemaComponents {
  private readonly schemas: Record<string, JsonSchema> = {}

  name(wanted: string): string {
    const base = wanted.replace(/[^A-Za-z0-9._-]/g, '_')
    let name = base
    for (let n = 2; name in this.schemas; n++) name = `${base}${n}`
    this.schemas[name] = {}
    return name
  }

  add(name: string, schema: JsonSchema): void {
    this.schemas[name] = schema
  }

  all(): Record<string, JsonSchema> {
    return this.schemas
  }
}
