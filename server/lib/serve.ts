import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify'
import { z } from 'zod'
import {
  type Answer,
  type Audience,
  type Endpoint,
  type EndpointDefinition,
  errorStatusesOf,
  type SuccessStatus,
} from '#common/contract/endpoint.ts'
import { errorResponseSchema } from '#common/schemas/errors.ts'
import {
  requireAdmin,
  requireMember,
  requireOfficer,
  requireSuperAdmin,
  requireUser,
} from '#server/plugins/auth.ts'

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined
type Sent<A> = A extends z.ZodType ? z.input<A> : A extends { kind: 'file' } ? string | Buffer : undefined

/** The request of an endpoint's handler, typed from its schemas. */
export type RequestOf<E extends EndpointDefinition> = FastifyRequest<{
  Params: Infer<E['params']>
  Querystring: Infer<E['query']>
  Body: Infer<E['body']>
  Headers: Infer<E['headers']>
}>

/** What a handler may return: the 2xx body of a JSON answer, or the reply it has sent itself. */
export type AnswerOf<E extends EndpointDefinition> =
  | {
      [S in keyof E['responses']]: S extends 200 | 201 | 202 ? Sent<E['responses'][S]> : never
    }[keyof E['responses']]
  | FastifyReply

export type Handler<E extends EndpointDefinition> = (
  request: RequestOf<E>,
  reply: FastifyReply,
) => Promise<AnswerOf<E>> | AnswerOf<E>

/** Where the server's own rules differ from what the contract says of every caller. */
export type ServeOptions = {
  /** The route's own limit instead of the per-address default (a cluster asks for all its users). */
  rateLimit?: { max: number; timeWindow: number }
  /** Checked before the schemas, after the audience's guard (a cluster's proof, a feature switch). */
  preValidation?: preValidationAsyncHookHandler
  /** The level of the request's log line (probes asked every few seconds log at warn). */
  logLevel?: 'warn'
}

const GUARDS: Record<Audience, preValidationAsyncHookHandler | undefined> = {
  anyone: undefined,
  cluster: undefined,
  // Registered only on a loopback host outside production (config.devRoutes).
  development: undefined,
  user: requireUser,
  member: requireMember,
  admin: requireAdmin,
  superAdmin: requireSuperAdmin,
  officer: requireOfficer,
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's endpoint a route serves (read by the guards and the document). */
    endpoint?: Endpoint
  }
}

/**
 * Registers an endpoint of the contract: its path, schemas, guard, rate limit and documented
 * answers all come from the contract; the handler only calls the service.
 */
export function serve<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: NoInfer<Handler<E>>,
  options: ServeOptions = {},
): void {
  const guards = [GUARDS[endpoint.audience], options.preValidation].filter((guard) => guard !== undefined)
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: {
      endpoint,
      ...(endpoint.rateLimited ? { rateLimit: options.rateLimit ?? {} } : {}),
    },
    schema: {
      // The document is written from the contract (server/lib/openapi.ts); `hide` marks the internal.
      ...(endpoint.internal ? { hide: true } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: responseSchemas(endpoint),
    },
    ...(guards.length > 0 ? { preValidation: guards } : {}),
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  })
}

/** The writer of each answer: JSON through its zod schema, a file as the text or bytes it is. */
function responseSchemas(endpoint: EndpointDefinition): Record<number, z.ZodType> {
  const schemas: Record<number, z.ZodType> = {}
  for (const [status, answer] of Object.entries(endpoint.responses) as [string, Answer][]) {
    const schema = writerOf(Number(status) as SuccessStatus, answer)
    if (schema) schemas[Number(status)] = schema
  }
  for (const status of errorStatusesOf(endpoint))
    schemas[status] = endpoint.errorAnswers?.[status] ?? errorResponseSchema
  return schemas
}

function writerOf(status: SuccessStatus, answer: Answer): z.ZodType | undefined {
  if (answer instanceof z.ZodType) return answer
  if (answer.kind === 'file') return z.string().describe(answer.description)
  // Fastify writes no body for these; the schema documents the answer (a 304 has none at all).
  return status === 304 ? z.void().describe(answer.description) : z.null().describe(answer.description)
}
