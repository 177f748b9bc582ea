import fc from 'fast-check'
import { containsStackTrace } from '#tests/helpers/stack-trace.ts'
import { boundaryMutation, hostileMutation } from './fuzz-mutations.ts'
import { render, validParts } from './fuzz-parts.ts'

/**
 * API fuzzing driven by the OpenAPI document the server generates from its route schemas. For every
 * documented operation it builds valid requests (from the JSON schemas), boundary values and
 * hostile requests, sends them through a caller the test provides, and checks every answer against
 * the API's promises: no 5xx, errors as JSON with a `message`, no stack trace, no status the
 * document does not list, and none of the given secrets (another organization's data).
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
export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>
  components?: { schemas?: Record<string, unknown> }
}

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
