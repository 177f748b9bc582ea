/** An error a person can act on: thrown by services, turned into `{ message, code? }` by the error handler. */
export class HttpError extends Error {
  readonly statusCode: number
  readonly code: string | undefined
  readonly headers: Record<string, string>
  /** Field-level problems, each with its dotted path (`body.configuration.nodePools.0.flavorId`). */
  readonly issues: { path: string; message: string }[] | undefined

  constructor(
    statusCode: number,
    message: string,
    options: {
      code?: string
      headers?: Record<string, string>
      issues?: { path: string; message: string }[]
    } = {},
  ) {
    super(message)
    this.name = 'HttpError'
    this.statusCode = statusCode
    this.code = options.code
    this.headers = options.headers ?? {}
    this.issues = options.issues
  }
}

/** A 400 naming each field at fault, shaped like the schema validation errors. */
export function invalidFields(issues: { path: string; message: string }[]): HttpError {
  const first = issues[0]
  return new HttpError(400, first ? `Invalid ${first.path}: ${first.message}` : 'Invalid request', {
    code: 'VALIDATION_FAILED',
    issues,
  })
}

export const badRequest = (message: string, code?: string) => new HttpError(400, message, { code })
export const unauthorized = (message = 'Authentication required', code?: string) =>
  new HttpError(401, message, { code })
export const forbidden = (message = 'You do not have permission to do this', code?: string) =>
  new HttpError(403, message, { code })
export const notFound = (message = 'Not found', code?: string) => new HttpError(404, message, { code })
export const conflict = (message: string, code?: string) => new HttpError(409, message, { code })
export const unprocessable = (message: string, code?: string) => new HttpError(422, message, { code })
export const tooManyRequests = (retryAfterSeconds: number, message: string) =>
  new HttpError(429, message, {
    code: 'RATE_LIMITED',
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  })

/** PostgreSQL and connection failures that mean "the database is unavailable", not a bug. */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
])

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: string; message?: string; cause?: unknown }
    if (candidate.code && unavailableCodes.has(candidate.code)) return true
    if (
      typeof candidate.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        candidate.message,
      )
    )
      return true
    current = candidate.cause
  }
  return false
}

/**
 * PostgreSQL refuses text it cannot store, such as a NUL character (22021, or 22P05 inside JSON):
 * that comes from the request, so it is the client's mistake rather than a bug.
 */
const unstorableTextCodes = new Set(['22021', '22P05'])

export function isUnstorableText(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: string; cause?: unknown }
    if (candidate.code && unstorableTextCodes.has(candidate.code)) return true
    current = candidate.cause
  }
  return false
}
