import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import type { FastifyInstance } from 'fastify'
import type { OpenApiDocument, OpenApiResponse } from '#server/lib/openapi.ts'
import { ERROR_RESPONSE, JSON_MEDIA_TYPE, openApiDocument, openApiPath } from '#server/lib/openapi.ts'

/**
 * Checks every answer of the API tests against the OpenAPI document: the status is one the
 * operation documents, the media type is the documented one, and a JSON body validates against
 * the document's schema — with Ajv, not zod, so the check does not share the server's code.
 * Routes that serve no endpoint of the contract are not checked.
 */

export type Violation = { method: string; route: string; status: number; problem: string }

/**
 * Statuses any operation may answer to a request it cannot route or read, documented or not (the
 * fuzzer allows the same): a malformed URL or body (400), an unknown path (404), a body over the
 * limit (413), a path over the router's limit (414), an unsupported content type (415); and the
 * error handler's generic 500, which no operation documents (a test that provokes one checks it).
 */
const FRAMEWORK_STATUSES = new Set([400, 404, 413, 414, 415, 500])

type Answer = { method: string; route: string; status: number; contentType: string | undefined; body: string }

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv

export class ConformanceChecker {
  private readonly ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true })
  private readonly validators = new Map<string, ValidateFunction>()
  private readonly document: OpenApiDocument

  constructor(document: OpenApiDocument) {
    this.document = document
    addFormats(this.ajv)
    this.ajv.addSchema({ components: { schemas: draft7(document.components.schemas) } }, DOCUMENT_ID)
  }

  /** What is wrong with an answer; undefined when it is what the document says. */
  check(answer: Answer): string | undefined {
    const operation = this.document.paths[openApiPath(answer.route)]?.[answer.method.toLowerCase()]
    if (!operation) return 'the operation is not in the document'
    let response: OpenApiResponse | undefined = operation.responses[String(answer.status)]
    let schemaKey = `${answer.method} ${answer.route} ${answer.status}`
    if (!response) {
      if (!FRAMEWORK_STATUSES.has(answer.status))
        return `status ${answer.status} is not documented (${Object.keys(operation.responses).join(', ')})`
      response = {
        description: 'framework',
        content: { [JSON_MEDIA_TYPE]: { schema: { $ref: `#/components/schemas/${ERROR_RESPONSE}` } } },
      }
      schemaKey = ERROR_RESPONSE
    }
    const mediaType = answer.contentType?.split(';')[0]?.trim().toLowerCase()
    const documented = Object.keys(response.content ?? {})
    // Fastify sends no body with a 204 or a 304, whatever the handler gave.
    if (answer.status === 204 || answer.status === 304) return undefined
    if (documented.length === 0) {
      if (answer.body.length > 0) return `a body where the document says none (${mediaType})`
      return undefined
    }
    if (!mediaType || !documented.includes(mediaType))
      return `media type ${mediaType ?? 'none'} where the document says ${documented.join(' or ')}`
    if (mediaType !== JSON_MEDIA_TYPE) return undefined
    let body: unknown
    try {
      body = JSON.parse(answer.body)
    } catch {
      return 'the body is not JSON'
    }
    const validate = this.validatorOf(schemaKey, response.content![JSON_MEDIA_TYPE]!.schema)
    if (validate(body)) return undefined
    return `the body does not match the documented schema: ${describe(validate.errors?.[0])}`
  }

  private validatorOf(key: string, schema: unknown): ValidateFunction {
    let validate = this.validators.get(key)
    if (!validate) {
      validate = this.ajv.compile(draft7(schema) as object)
      this.validators.set(key, validate)
    }
    return validate
  }
}

const DOCUMENT_ID = 'clusterdeck-openapi'

function describe(error: ErrorObject | undefined): string {
  if (!error) return 'invalid'
  return `${error.instancePath || '/'} ${error.message ?? ''}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`
}

/**
 * An OpenAPI 3.0 Schema Object as the JSON Schema Ajv reads: `nullable` becomes a null
 * alternative, boolean `exclusiveMinimum`/`exclusiveMaximum` their numeric form, and references
 * to the components point into the document Ajv was given.
 */
function draft7(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(draft7)
  if (value === null || typeof value !== 'object') return value
  const { nullable, ...schema } = value as Record<string, unknown>
  const result: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(schema)) {
    if (key === '$ref' && typeof item === 'string' && item.startsWith('#/components/'))
      result[key] = `${DOCUMENT_ID}${item}`
    else if (key === 'properties' || key === 'patternProperties' || key === 'schemas')
      result[key] = Object.fromEntries(
        Object.entries(item as Record<string, unknown>).map(([name, property]) => [name, draft7(property)]),
      )
    else result[key] = draft7(item)
  }
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (result[exclusive] === true) {
      result[exclusive] = result[bound]
      delete result[bound]
    } else if (result[exclusive] === false) delete result[exclusive]
  }
  if (nullable !== true) return result
  if (Array.isArray(result.enum)) result.enum = result.enum.filter((item) => item !== null)
  return { anyOf: [result, { type: 'null' }] }
}

/** The violations recorded since the last `takeViolations`, for the API tests' setup file. */
const recorded: Violation[] = []

export function takeViolations(): Violation[] {
  return recorded.splice(0)
}

export function formatViolation(violation: Violation): string {
  return `${violation.method} ${violation.route} answered ${violation.status}: ${violation.problem}`
}

/**
 * Installs the check on an app not yet ready: an onSend hook compares each answer of a contract
 * route with the document written from the endpoints the app registered, and records what differs
 * (`record`, by default the list the setup file reads after each test).
 */
export function checkAnswers(
  app: FastifyInstance,
  options: { serverUrl: string; record?: (violation: Violation) => void },
): void {
  const record = options.record ?? ((violation: Violation) => recorded.push(violation))
  let checker: ConformanceChecker | undefined
  app.addHook('onSend', async (request, reply, payload) => {
    const endpoint = request.routeOptions.config.endpoint
    // The development helpers are left out of the document on purpose (internal endpoints).
    if (!endpoint || endpoint.internal || request.method === 'HEAD') return payload
    checker ??= new ConformanceChecker(
      openApiDocument(app.registeredEndpoints, { serverUrl: options.serverUrl }),
    )
    const method = request.method
    const body =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : ''
    const problem = checker.check({
      method,
      route: endpoint.path,
      status: reply.statusCode,
      contentType: reply.getHeader('content-type') as string | undefined,
      body,
    })
    if (problem) record({ method, route: endpoint.path, status: reply.statusCode, problem })
    return payload
  })
}
