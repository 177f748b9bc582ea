import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { HttpError, isDatabaseUnavailable, isUnstorableText } from '#server/lib/errors.ts'

/**
 * One place turns every error into `{ message, code?, issues? }`. Client mistakes keep their 4xx
 * status; anything unexpected is logged and answered with a generic 500 (never a stack trace).
 */
export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .headers(error.headers)
        .status(error.statusCode)
        .send({
          message: error.message,
          ...(error.code ? { code: error.code } : {}),
          ...(error.issues ? { issues: error.issues } : {}),
        })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: [
          error.validationContext,
          ...String(issue.instancePath ?? '')
            .split('/')
            .filter(Boolean),
        ].join('.'),
        message: issue.message ?? 'Invalid value',
      }))
      const first = issues[0]
      return reply.status(400).send({
        message: first ? `Invalid ${first.path}: ${first.message}` : 'Invalid request',
        code: 'VALIDATION_FAILED',
        issues,
      })
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema')
      return reply.status(500).send({ message: 'Internal server error' })
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable')
      return reply
        .header('retry-after', '5')
        .status(503)
        .send({ message: 'Service temporarily unavailable, please retry shortly', code: 'UNAVAILABLE' })
    }
    if (isUnstorableText(error)) {
      return reply.status(400).send({
        message: 'The request contains characters that cannot be stored, such as a NUL character',
        code: 'INVALID_CHARACTERS',
      })
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ message: clientErrorMessage(error, status), ...(error.code ? { code: error.code } : {}) })
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send({ message: 'Internal server error' })
  })
})

/** Fastify's own 4xx messages (bad JSON, too large, wrong content type) become plain sentences. */
function clientErrorMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON'
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large'
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send application/json'
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The Content-Length header does not match the body'
    default:
      return status === 429 ? 'Too many requests, please try again later' : error.message || 'Bad request'
  }
}
