import type { FastifyRequest } from 'fastify'
import { errorResponseSchema } from '#common/schemas/errors.ts'

/** Response schemas for the error statuses a route can answer with (documents them in OpenAPI). */
export function errorResponses<const Codes extends readonly number[]>(...codes: Codes) {
  return Object.fromEntries(codes.map((code) => [code, errorResponseSchema])) as Record<
    Codes[number],
    typeof errorResponseSchema
  >
}

export function sessionMeta(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] }
}

/** Per-IP limit for routes whose answers can be guessed at (login, register, mail links). */
export const guessableRoute = { rateLimit: {} }
