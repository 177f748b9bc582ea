import fc from 'fast-check'
import { containsStackTrace } from '#tests/helpers/stack-trace.ts'

/**
 * API fuzzing driven by the OpenAPI document the server generates from its route schemas. For
 * every documented operation it builds valid requests (from the JSON schemas), boundary values and
 * hostile requests, sends them through a caller the test provides, and checks every answer against
 * the API's promises (DESIGN.md §6): no 5xx, errors as JSON with a `message`, no stack trace, no
 * status the document does not list, and none of the given secrets (another organization's data).
 */

export type JsonSchema = {
  type?: string | string[]
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number | boolean
  exclusiveMaximum?: number | boolean
  enum?: unknown[]
  const?: unknown
  nullable?: boolean
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
}

type OpenApiParameter = { name: string; in: string; required?: boolean; schema?: JsonSchema }
export type OpenApiOperation = {
  parameters?: OpenApiParameter[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>
}
export type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> }

export type Parameter = { name: string; required: boolean; schema: JsonSchema }

export type Operation = {
  method: string
  /** The document's path template, e.g. `/api/notifications/{id}/read`. */
  path: string
  pathParameters: Parameter[]
  queryParameters: Parameter[]
  body: JsonSchema | undefined
  /** The statuses the document lists for the operation. */
  statuses: number[]
}

export type FuzzRequest = {
  operation: Operation
  kind: 'valid' | 'boundary' | 'hostile'
  /** What was done to the request, for the report. */
  label: string
  method: string
  url: string
  headers: Record<string, string>
  payload?: string
}

export type FuzzResponse = { statusCode: number; headers: Record<string, unknown>; body: string }

export type FuzzHints = {
  /** Ids to use for uuid fields besides random ones: the caller's own rows and other callers'. */
  ids: string[]
  /** Known good values by field name (`username`, `password`…), so valid requests sometimes succeed. */
  values: Record<string, string[]>
  /** The app's own origin, sent on state-changing requests as the web app does. */
  origin: string
}

export type FuzzReport = {
  seed: number
  total: number
  byStatus: Map<number, number>
  /** How many answers broke a promise; the first MAX_FAILURES_KEPT are kept in `failures`. */
  failed: number
  failures: { request: FuzzRequest; problems: string[] }[]
}

/**
 * Statuses any operation may answer to a request it cannot route or read: a malformed URL or body
 * (400), an unknown path or method (404), a body over the limit (413), a path parameter over the
 * router's length limit (414), an unsupported content type (415).
 */
const FRAMEWORK_STATUSES = [400, 404, 413, 414, 415]
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const MAX_FAILURES_KEPT = 25

/** Every operation of the document, with its parameters, body schema and documented statuses. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => method !== 'head')
      .map(([method, operation]) => {
        const parameters = (operation.parameters ?? []).map((parameter) => ({
          in: parameter.in,
          name: parameter.name,
          required: parameter.required ?? false,
          schema: parameter.schema ?? {},
        }))
        return {
          method: method.toUpperCase(),
          path,
          pathParameters: parameters.filter((parameter) => parameter.in === 'path'),
          queryParameters: parameters.filter((parameter) => parameter.in === 'query'),
          body: operation.requestBody?.content?.['application/json']?.schema,
          statuses: Object.keys(operation.responses ?? {}).map(Number),
        }
      }),
  )
}

/** Requests for the operations: valid ones, boundary values and hostile ones, about 2 : 1 : 3. */
export function fuzzRequests(operations: Operation[], hints: FuzzHints): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...operations).chain((operation) =>
    fc.oneof(
      {
        weight: 2,
        arbitrary: validParts(operation, hints).map((parts) => render(operation, 'valid', parts)),
      },
      {
        weight: 1,
        arbitrary: validParts(operation, hints)
          .chain((parts) => boundaryMutation(operation, hints).map((mutate) => mutate(parts)))
          .map((parts) => render(operation, 'boundary', parts)),
      },
      {
        weight: 3,
        arbitrary: fc
          .tuple(
            validParts(operation, hints),
            fc.array(hostileMutation(operation, hints), { minLength: 1, maxLength: 3 }),
          )
          .map(([parts, mutations]) =>
            render(
              operation,
              'hostile',
              mutations.reduce((current, mutate) => mutate(current), parts),
            ),
          ),
      },
    ),
  )
}

/**
 * Sends `numRuns` generated requests (reproducible from `seed`) and checks every answer. Unlike a
 * plain property it keeps going after a failure, so one run reports every problem and the count
 * of each status.
 */
export async function runFuzz(options: {
  requests: fc.Arbitrary<FuzzRequest>
  send: (request: FuzzRequest) => Promise<FuzzResponse>
  seed: number
  numRuns: number
  secrets: string[]
}): Promise<FuzzReport> {
  const report: FuzzReport = { seed: options.seed, total: 0, byStatus: new Map(), failed: 0, failures: [] }
  await fc.assert(
    fc.asyncProperty(options.requests, async (request) => {
      const response = await options.send(request)
      report.total++
      report.byStatus.set(response.statusCode, (report.byStatus.get(response.statusCode) ?? 0) + 1)
      const problems = problemsWith(request, response, options.secrets)
      if (problems.length === 0) return
      report.failed++
      if (report.failures.length < MAX_FAILURES_KEPT) report.failures.push({ request, problems })
    }),
    { seed: options.seed, numRuns: options.numRuns },
  )
  return report
}

/** One report of several runs (concurrent lanes, or the signed-out and signed-in runs). */
export function mergeReports(reports: FuzzReport[]): FuzzReport {
  const merged: FuzzReport = {
    seed: reports[0]?.seed ?? 0,
    total: 0,
    byStatus: new Map(),
    failed: 0,
    failures: [],
  }
  for (const report of reports) {
    merged.total += report.total
    merged.failed += report.failed
    for (const [status, count] of report.byStatus)
      merged.byStatus.set(status, (merged.byStatus.get(status) ?? 0) + count)
    merged.failures.push(...report.failures)
  }
  return merged
}

/** What is wrong with an answer, as sentences; empty when it keeps the API's promises. */
export function problemsWith(request: FuzzRequest, response: FuzzResponse, secrets: string[]): string[] {
  const problems: string[] = []
  const { statusCode: status, body } = response
  if (status >= 500) problems.push(`status ${status}`)
  const addressesOperation = request.method === request.operation.method
  if (
    addressesOperation &&
    status < 500 &&
    !request.operation.statuses.includes(status) &&
    !FRAMEWORK_STATUSES.includes(status)
  ) {
    problems.push(`status ${status} is not in the document (${request.operation.statuses.join(', ')})`)
  }
  if (containsStackTrace(body)) problems.push('stack trace in the body')
  const everything = `${JSON.stringify(response.headers)}\n${body}`
  for (const secret of secrets) if (everything.includes(secret)) problems.push(`leaks ${secret}`)
  if (status >= 400) problems.push(...errorBodyProblems(response))
  return problems
}

export function formatReport(report: FuzzReport): string {
  const statuses = [...report.byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `  ${status}: ${count}`)
  const failures = report.failures.map((failure) => `  ${describeFailure(failure)}`)
  return [
    `${report.total} requests (seed ${report.seed}), by status:`,
    ...statuses,
    ...(failures.length > 0 ? [`${report.failed} failing, the first ${failures.length}:`, ...failures] : []),
  ].join('\n')
}

/** One line: the request as sent (cut short) and what was wrong with its answer. */
export function describeFailure({ request, problems }: FuzzReport['failures'][number]): string {
  const body = request.payload === undefined ? '' : ` body ${JSON.stringify(request.payload.slice(0, 160))}`
  return `${request.method} ${request.url.slice(0, 160)} [${request.kind}: ${request.label}]${body} → ${problems.join('; ')}`
}

function errorBodyProblems(response: FuzzResponse): string[] {
  if (!String(response.headers['content-type']).startsWith('application/json'))
    return [`error with content-type ${String(response.headers['content-type'])}`]
  let error: { message?: unknown; code?: unknown; issues?: unknown }
  try {
    error = JSON.parse(response.body)
  } catch {
    return ['error body is not JSON']
  }
  const problems: string[] = []
  if (typeof error.message !== 'string' || error.message === '') problems.push('error without a message')
  if (error.code !== undefined && typeof error.code !== 'string') problems.push('error code is not a string')
  if (error.issues !== undefined && !Array.isArray(error.issues)) problems.push('issues is not an array')
  return problems
}

// ── Requests as parts, mutated, then rendered ──────────────────────────────────────────────────

type Parts = {
  method: string
  /** Path parameter values, not yet encoded; `rawPath` holds ones sent exactly as given. */
  path: Record<string, string>
  rawPath: Record<string, string>
  query: [string, string][]
  /** Appended to the query string as is (malformed escapes, odd syntax). */
  rawQuery: string
  body: { value: unknown } | { text: string } | undefined
  contentType: string | undefined
  headers: Record<string, string>
  labels: string[]
}

type Mutation = (parts: Parts) => Parts

/** A JSON token written as is into the body, for numbers JSON.stringify cannot write (1e999). */
class RawJson {
  readonly text: string
  constructor(text: string) {
    this.text = text
  }
}

function render(operation: Operation, kind: FuzzRequest['kind'], parts: Parts): FuzzRequest {
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    name in parts.rawPath ? parts.rawPath[name]! : percentEncoded(parts.path[name] ?? ''),
  )
  const query = [
    ...parts.query.map(([name, value]) => `${percentEncoded(name)}=${percentEncoded(value)}`),
    ...(parts.rawQuery ? [parts.rawQuery] : []),
  ].join('&')
  const headers = { ...parts.headers }
  let payload: string | undefined
  if (parts.body !== undefined) {
    payload = 'text' in parts.body ? parts.body.text : serialize(parts.body.value)
    if (parts.contentType !== undefined) headers['content-type'] = parts.contentType
  }
  return {
    operation,
    kind,
    label: parts.labels.join('; ') || 'as documented',
    method: parts.method,
    url: query ? `${path}?${query}` : path,
    headers,
    ...(payload === undefined ? {} : { payload }),
  }
}

function serialize(value: unknown): string {
  const raw: string[] = []
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof RawJson)) return item
    raw.push(item.text)
    return `__raw_json_${raw.length - 1}__`
  })
  if (text === undefined) return ''
  return text.replace(/"__raw_json_(\d+)__"/g, (_match, index: string) => raw[Number(index)]!)
}

/** Percent-encodes any string for a URL; a lone surrogate becomes U+FFFD (encodeURIComponent throws on it). */
function percentEncoded(value: string): string {
  return encodeURIComponent(value.toWellFormed())
}

// ── Valid requests ──────────────────────────────────────────────────────────────────────────────

function validParts(operation: Operation, hints: FuzzHints): fc.Arbitrary<Parts> {
  const pathValues = fc.record(
    Object.fromEntries(
      operation.pathParameters.map((parameter) => [
        parameter.name,
        valuesFor(parameter.schema, parameter.name, hints).map(String),
      ]),
    ),
  )
  const queryValues = fc.tuple(
    ...operation.queryParameters.map((parameter) =>
      (parameter.required
        ? valuesFor(parameter.schema, parameter.name, hints).map((value) => [value])
        : fc
            .option(valuesFor(parameter.schema, parameter.name, hints), { nil: undefined })
            .map((value) => (value === undefined ? [] : [value]))
      ).map((values) => values.map((value): [string, string] => [parameter.name, String(value)])),
    ),
  )
  const body = operation.body
    ? valuesFor(operation.body, 'body', hints).map((value) => ({ value }))
    : fc.constant(undefined)
  const stateChanging = operation.method !== 'GET'
  return fc.tuple(pathValues, queryValues, body).map(([path, query, bodyValue]) => ({
    method: operation.method,
    path: path as Record<string, string>,
    rawPath: {},
    query: query.flat(),
    rawQuery: '',
    body: bodyValue,
    contentType: bodyValue === undefined ? undefined : 'application/json',
    headers: stateChanging ? { origin: hints.origin } : ({} as Record<string, string>),
    labels: [],
  }))
}

/** Values the schema accepts (string formats and patterns included), mixed with the known good ones. */
function valuesFor(schema: JsonSchema, name: string, hints: FuzzHints): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => valuesFor(alternative, name, hints)))
  if ('const' in schema) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const value = valuesOfType(schema, name, hints)
  return schema.nullable ? fc.option(value, { nil: null, freq: 10 }) : value
}

function valuesOfType(schema: JsonSchema, name: string, hints: FuzzHints): fc.Arbitrary<unknown> {
  switch (typeOf(schema)) {
    case 'string':
      return stringOf(schema, name, hints)
    case 'integer':
      return fc.integer({ min: lowerBound(schema) ?? -1_000_000, max: upperBound(schema) ?? 1_000_000 })
    case 'number':
      return fc.double({
        min: lowerBound(schema) ?? -1e9,
        max: upperBound(schema) ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return fc.array(valuesFor(schema.items ?? {}, name, hints), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 5, 5)),
      })
    case 'object':
      return objectOf(schema, hints)
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

function objectOf(schema: JsonSchema, hints: FuzzHints): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {}
  return fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([key, property]) => [key, valuesFor(property, key, hints)]),
    ),
    { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
  )
}

function stringOf(schema: JsonSchema, name: string, hints: FuzzHints): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0
  const max = schema.maxLength ?? Math.max(min, 64)
  const fits = (value: string) => value.length >= min && value.length <= max
  let generic: fc.Arbitrary<string>
  if (schema.format === 'uuid')
    generic = hints.ids.length > 0 ? fc.oneof(fc.constantFrom(...hints.ids), fc.uuid()) : fc.uuid()
  else if (schema.format === 'email' || name === 'email') generic = emailAddress().filter(fits)
  else if (schema.pattern) generic = fc.stringMatching(new RegExp(schema.pattern)).filter(fits)
  else generic = fc.string({ minLength: min, maxLength: Math.min(max, min + 40), unit: 'grapheme' })
  const known = (hints.values[name] ?? []).filter(fits)
  return known.length > 0 ? fc.oneof(fc.constantFrom(...known), generic) : generic
}

/** RFC 5322 addresses, many of which the API's stricter check refuses, mixed with everyday ones. */
function emailAddress(): fc.Arbitrary<string> {
  const everyday = fc
    .tuple(
      fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,20}$/),
      fc.constantFrom('example.com', 'clusterdeck.eu', 'mail.example.org'),
    )
    .map(([local, domain]) => `${local}@${domain}`)
  return fc.oneof(everyday, fc.emailAddress())
}

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null') ?? 'null'
  if (schema.type) return schema.type
  if (schema.properties) return 'object'
  return undefined
}

function lowerBound(schema: JsonSchema): number | undefined {
  if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + 1
  return schema.minimum
}

function upperBound(schema: JsonSchema): number | undefined {
  if (typeof schema.exclusiveMaximum === 'number') return schema.exclusiveMaximum - 1
  return schema.maximum
}

// ── Where a mutation lands ──────────────────────────────────────────────────────────────────────

type Field = { in: 'path' | 'query' | 'body'; name: string; schema: JsonSchema; required: boolean }

/** The fields a request of the operation carries: path and query parameters, body properties. */
function fieldsOf(operation: Operation): Field[] {
  const bodyProperties = operation.body?.properties ?? {}
  return [
    ...operation.pathParameters.map((parameter): Field => ({ in: 'path', ...parameter })),
    ...operation.queryParameters.map((parameter): Field => ({ in: 'query', ...parameter })),
    ...Object.entries(bodyProperties).map(
      ([name, schema]): Field => ({
        in: 'body',
        name,
        schema,
        required: operation.body?.required?.includes(name) ?? false,
      }),
    ),
  ]
}

/** Sets one field to a value (a string for path and query; `undefined` removes it). */
function withField(parts: Parts, field: Field, value: unknown, label: string): Parts {
  const labels = [...parts.labels, `${field.in}.${field.name} ${label}`]
  if (field.in === 'path') {
    const text = value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value)
    return { ...parts, path: { ...parts.path, [field.name]: text }, labels }
  }
  if (field.in === 'query') {
    const query = parts.query.filter(([name]) => name !== field.name)
    if (value !== undefined)
      query.push([field.name, typeof value === 'string' ? value : JSON.stringify(value)])
    return { ...parts, query, labels }
  }
  const current = parts.body && 'value' in parts.body ? parts.body.value : {}
  const object = isPlainObject(current) ? { ...current } : {}
  if (value === undefined) delete object[field.name]
  else object[field.name] = value
  return {
    ...parts,
    body: { value: object },
    contentType: parts.contentType ?? 'application/json',
    labels,
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A mutation on one field of the operation, or `fallback` when it has none. */
function onSomeField(
  operation: Operation,
  build: (field: Field) => fc.Arbitrary<Mutation>,
  fallback: fc.Arbitrary<Mutation>,
): fc.Arbitrary<Mutation> {
  const fields = fieldsOf(operation)
  return fields.length === 0 ? fallback : fc.constantFrom(...fields).chain(build)
}

const unchanged: fc.Arbitrary<Mutation> = fc.constant((parts: Parts) => parts)

// ── Boundary values ─────────────────────────────────────────────────────────────────────────────

function boundaryMutation(operation: Operation, hints: FuzzHints): fc.Arbitrary<Mutation> {
  const optionalFields = fieldsOf(operation).filter((field) => !field.required && field.in !== 'path')
  const withoutOptionals: Mutation = (parts) =>
    optionalFields.reduce((current, field) => withField(current, field, undefined, 'omitted'), parts)
  return fc.oneof(
    { weight: 4, arbitrary: onSomeField(operation, (field) => boundaryValue(field, hints), unchanged) },
    { weight: 1, arbitrary: fc.constant(withoutOptionals) },
  )
}

function boundaryValue(field: Field, hints: FuzzHints): fc.Arbitrary<Mutation> {
  const schema = field.schema
  const values: unknown[] = []
  switch (typeOf(schema)) {
    case 'string': {
      const min = schema.minLength ?? 0
      const max = schema.maxLength ?? 256
      values.push(
        '',
        ' ',
        ' '.repeat(Math.max(min, 1)),
        'a'.repeat(min),
        'a'.repeat(max),
        'a'.repeat(max + 1),
      )
      if (min > 0) values.push('a'.repeat(min - 1))
      if (schema.format === 'uuid')
        values.push(
          '00000000-0000-0000-0000-000000000000',
          'ffffffff-ffff-ffff-ffff-ffffffffffff',
          ...hints.ids.map((id) => id.toUpperCase()),
        )
      break
    }
    case 'integer':
    case 'number': {
      const min = lowerBound(schema) ?? 0
      const max = upperBound(schema) ?? 1_000_000
      values.push(min, max, min - 1, max + 1, 0, -1, min + 0.5, Number.MAX_SAFE_INTEGER)
      break
    }
    case 'array':
      values.push(
        [],
        Array.from({ length: (schema.maxItems ?? 100) + 1 }, () => ''),
      )
      break
    default:
      values.push(null, {}, '', 0, false)
  }
  return fc
    .constantFrom(...values)
    .map((value) => (parts: Parts) => withField(parts, field, value, `= ${shown(value)}`))
}

// ── Hostile requests ────────────────────────────────────────────────────────────────────────────

const SQL_AND_MARKUP = [
  "' OR '1'='1' --",
  "demo'--",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(10)',
  "' UNION SELECT id, email, password_hash FROM users --",
  '$1',
  '<script>alert(document.cookie)</script>',
  '"><img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("return process")()}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, sent as text
  '${7*7}',
  '../../../../etc/passwd',
  '%00',
  '\r\nSet-Cookie: injected=1',
]

const ODD_UNICODE = [
  'nul\u0000byte',
  '\ud800 lone high surrogate',
  'lone low surrogate \udc00',
  '\u202eevil\u200b\u200d\ufeff',
  '𝕳𝖊𝖑𝖑𝖔 🚀👩🏽‍💻 Ωμέγα ñandú 中文 العربية',
  'e\u0301\u0301\u0301\u0301\u0301',
  '\u0007\u001b[31mred\u001b[0m',
  '\uffff\ufffe',
]

const HUGE_NUMBERS = [
  '1e999',
  '-1e999',
  '1e308',
  '9007199254740993',
  '123456789012345678901234567890',
  '-0',
  '1e-400',
]

const BAD_JSON = [
  '{',
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  'NaN',
  'undefined',
  '{"a":1}{"b":2}',
  '\ufeff{}',
  '[',
  'nul',
  '{"a":"\\x"}',
  '{"a":"\\ud800"}',
  '{"__proto__":{"role":"super_admin"}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '[]',
  '"just a string"',
  '42',
  'null',
  'true',
  '{}',
]

const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/json; charset=utf-16',
  'application/json; charset=iso-8859-1',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/json, text/html',
  'nonsense',
  '',
]

const BAD_PATH_VALUES = [
  'not-a-uuid',
  '123',
  '%E0%A4%A',
  '%',
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  '%F0%9F%92%A5',
  'x'.repeat(300),
  '00000000-0000-0000-0000-00000000000g',
  "1'%20OR%20'1'='1",
]

const BAD_QUERY_STRINGS = [
  '__proto__[admin]=1',
  'constructor[prototype][admin]=1',
  'a[]=1&a[]=2',
  'limit=1&limit=2',
  'limit[]=1',
  'token=%E0%A4%A',
  'x=%',
  '%zz=1',
  `padding=${'q'.repeat(8_000)}`,
  '&&&==&',
]

const HOSTILE_HEADERS: Record<string, string>[] = [
  { origin: 'https://evil.example' },
  { origin: 'null' },
  { referer: 'https://evil.example/page' },
  { referer: 'not a url' },
  { cookie: `cd_session=${'A'.repeat(4_000)}` },
  { cookie: 'cd_session=' },
  { cookie: 'cd_session=00000000000000000000000000000000000000000000' },
  { cookie: 'cd_session=%ZZ; =; ;;; other' },
  { accept: 'text/html' },
  { accept: 'application/xml;q=1, */*;q=0' },
  { 'x-forwarded-for': '127.0.0.1, <script>' },
  { 'accept-language': 'x'.repeat(2_000) },
  { 'content-encoding': 'gzip' },
]

function hostileMutation(operation: Operation, hints: FuzzHints): fc.Arbitrary<Mutation> {
  const field = (build: (field: Field) => fc.Arbitrary<Mutation>) => onSomeField(operation, build, unchanged)
  const bodyLike = METHODS_WITH_BODY.has(operation.method)
  const mutations: fc.WeightedArbitrary<Mutation>[] = [
    { weight: 3, arbitrary: field(wrongType) },
    { weight: 2, arbitrary: field(missing) },
    { weight: 2, arbitrary: extraField(operation) },
    { weight: 2, arbitrary: field(hugeString) },
    { weight: 1, arbitrary: field(hugeNumber) },
    { weight: 2, arbitrary: field((target) => stringFrom(target, oddUnicode(), 'odd unicode')) },
    {
      weight: 2,
      arbitrary: field((target) => stringFrom(target, fc.constantFrom(...SQL_AND_MARKUP), 'injection')),
    },
    { weight: 1, arbitrary: foreignId(operation, hints) },
    { weight: bodyLike ? 3 : 1, arbitrary: badJson() },
    { weight: bodyLike ? 2 : 1, arbitrary: wrongContentType() },
    { weight: 1, arbitrary: wrongMethod(operation) },
    { weight: 2, arbitrary: hostileHeaders() },
    { weight: 1, arbitrary: badQuery() },
  ]
  if (bodyLike) mutations.push({ weight: 1, arbitrary: oversizedBody() })
  if (operation.pathParameters.length > 0) mutations.push({ weight: 2, arbitrary: badPath(operation) })
  return fc.oneof(...mutations)
}

function wrongType(target: Field): fc.Arbitrary<Mutation> {
  const wrong = fc.oneof(
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.object({ maxDepth: 2 }),
    fc.string({ maxLength: 10 }),
  )
  return wrong.map((value) => (parts: Parts) => withField(parts, target, value, `wrong type ${shown(value)}`))
}

function missing(target: Field): fc.Arbitrary<Mutation> {
  return fc.constant((parts: Parts) => withField(parts, target, undefined, 'missing'))
}

function extraField(operation: Operation): fc.Arbitrary<Mutation> {
  const name = fc.oneof(
    fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      'role',
      'isOfficer',
      'organizationId',
      'id',
      '$where',
    ),
    fc.string({ minLength: 1, maxLength: 20 }),
  )
  return fc
    .tuple(name, fc.jsonValue({ maxDepth: 2 }), fc.boolean())
    .map(([key, value, inQuery]) => (parts: Parts) => {
      if (inQuery || operation.method === 'GET')
        return {
          ...parts,
          query: [...parts.query, [key, JSON.stringify(value) ?? '']],
          labels: [...parts.labels, `extra ?${key}`],
        }
      const current = parts.body && 'value' in parts.body ? parts.body.value : {}
      const object = isPlainObject(current) ? { ...current } : {}
      Object.defineProperty(object, key, { value, enumerable: true, configurable: true, writable: true })
      return {
        ...parts,
        body: { value: object },
        contentType: parts.contentType ?? 'application/json',
        labels: [...parts.labels, `extra body.${key}`],
      }
    })
}

function hugeString(target: Field): fc.Arbitrary<Mutation> {
  const length = fc.oneof(fc.integer({ min: 1_000, max: 20_000 }), fc.constantFrom(100_000, 300_000))
  return fc.tuple(length, fc.constantFrom('A', 'é', '🚀', "'")).map(
    ([size, unit]) =>
      (parts: Parts) =>
        withField(parts, target, unit.repeat(size), `${size} × ${unit}`),
  )
}

function hugeNumber(target: Field): fc.Arbitrary<Mutation> {
  return fc
    .constantFrom(...HUGE_NUMBERS)
    .map(
      (number) => (parts: Parts) =>
        withField(parts, target, target.in === 'body' ? new RawJson(number) : number, `= ${number}`),
    )
}

function oddUnicode(): fc.Arbitrary<string> {
  return fc.oneof(fc.constantFrom(...ODD_UNICODE), fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }))
}

function stringFrom(target: Field, values: fc.Arbitrary<string>, what: string): fc.Arbitrary<Mutation> {
  return fc.tuple(values, fc.boolean()).map(
    ([value, alone]) =>
      (parts: Parts) =>
        withField(
          parts,
          target,
          alone ? value : `demo${value}`,
          `${what} ${JSON.stringify(value).slice(0, 40)}`,
        ),
  )
}

/** Another caller's id (or the caller's own) where the route takes an id. */
function foreignId(operation: Operation, hints: FuzzHints): fc.Arbitrary<Mutation> {
  const idFields = fieldsOf(operation).filter((field) => field.schema.format === 'uuid')
  if (idFields.length === 0 || hints.ids.length === 0) return unchanged
  return fc.tuple(fc.constantFrom(...idFields), fc.constantFrom(...hints.ids)).map(
    ([target, id]) =>
      (parts: Parts) =>
        withField(parts, target, id, `= known id ${id}`),
  )
}

function badJson(): fc.Arbitrary<Mutation> {
  const truncated = fc.nat().map((cut) => (parts: Parts) => {
    const text =
      parts.body === undefined
        ? '{"a":"b"}'
        : 'text' in parts.body
          ? parts.body.text
          : serialize(parts.body.value)
    const at = text.length === 0 ? 0 : cut % text.length
    return {
      ...parts,
      body: { text: text.slice(0, at) },
      contentType: 'application/json',
      labels: [...parts.labels, `JSON cut at ${at}`],
    }
  })
  const broken = fc.constantFrom(...BAD_JSON).map((text) => (parts: Parts) => ({
    ...parts,
    body: { text },
    contentType: 'application/json',
    labels: [...parts.labels, `body ${text.slice(0, 30)}`],
  }))
  return fc.oneof(truncated, broken)
}

function wrongContentType(): fc.Arbitrary<Mutation> {
  return fc
    .tuple(fc.constantFrom(...CONTENT_TYPES), fc.boolean())
    .map(([contentType, dropType]) => (parts: Parts) => ({
      ...parts,
      body: parts.body ?? { text: 'username=demo&password=x' },
      contentType: dropType ? undefined : contentType,
      labels: [...parts.labels, dropType ? 'no content-type' : `content-type ${contentType || '(empty)'}`],
    }))
}

function oversizedBody(): fc.Arbitrary<Mutation> {
  return fc.constant((parts: Parts) => ({
    ...parts,
    body: { value: { padding: 'x'.repeat(1024 * 1024 + 16) } },
    contentType: 'application/json',
    labels: [...parts.labels, 'body over 1 MiB'],
  }))
}

function wrongMethod(operation: Operation): fc.Arbitrary<Mutation> {
  const others = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter(
    (method) => method !== operation.method,
  )
  return fc.constantFrom(...others).map((method) => (parts: Parts) => ({
    ...parts,
    method,
    labels: [...parts.labels, `method ${method}`],
  }))
}

function hostileHeaders(): fc.Arbitrary<Mutation> {
  return fc.constantFrom(...HOSTILE_HEADERS).map((headers) => (parts: Parts) => ({
    ...parts,
    headers: { ...parts.headers, ...headers },
    labels: [
      ...parts.labels,
      `header ${Object.keys(headers)[0]}: ${Object.values(headers)[0]!.slice(0, 30)}`,
    ],
  }))
}

function badQuery(): fc.Arbitrary<Mutation> {
  return fc.constantFrom(...BAD_QUERY_STRINGS).map((rawQuery) => (parts: Parts) => ({
    ...parts,
    rawQuery,
    labels: [...parts.labels, `query ${rawQuery.slice(0, 30)}`],
  }))
}

function badPath(operation: Operation): fc.Arbitrary<Mutation> {
  return fc
    .tuple(fc.constantFrom(...operation.pathParameters), fc.constantFrom(...BAD_PATH_VALUES))
    .map(([parameter, value]) => (parts: Parts) => ({
      ...parts,
      rawPath: { ...parts.rawPath, [parameter.name]: value },
      labels: [...parts.labels, `path.${parameter.name} = ${value.slice(0, 30)}`],
    }))
}

function shown(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value))
  return text.length > 30 ? `${text.slice(0, 30)}…` : text
}
