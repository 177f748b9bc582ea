import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import { LogController } from 'fastify'
import type { Bindings, ChildLoggerOptions, Logger } from 'pino'
import { maskUrl } from './logger.ts'

/**
 * The access log: one line per request, written when it is answered (Fastify's own two lines,
 * at arrival and at the end, cost as much as a cached route). Its arrival is logged at debug.
 * The line holds only the method, the masked URL, the address, the status and the time, so it
 * skips the redaction every other log line goes through.
 */
export class AccessLog extends LogController {
  #lines: FastifyBaseLogger | undefined

  /** Writes through `logger`'s destination, without its redaction. */
  writeTo(logger: FastifyBaseLogger) {
    this.#lines = (logger as Logger).child({}, { redact: [] })
  }

  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request')
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error({ req: request, statusCode: reply.statusCode, err: error }, 'request errored')
      return
    }
    // Routes that log only warnings (the health probes) leave no line.
    if (!this.#lines || !(reply.log as Logger).isLevelEnabled?.('info')) return
    this.#lines.info(
      {
        reqId: request.id,
        method: request.method,
        url: maskUrl(request.url),
        ip: request.ip,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    )
  }
}

/**
 * Fastify's `childLoggerFactory`: a request's logger that becomes a pino child only when the
 * request logs something. Most never do, and a child per request (its bindings serialized and
 * redacted) costs as much as answering from a cache.
 */
export function requestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  // Without a logger (tests), Fastify's stand-in has no levels, and its children cost nothing.
  if (!('levels' in parent)) return parent.child(bindings, options)
  return new RequestLogger(parent as Logger, bindings, options)
}

class RequestLogger implements FastifyBaseLogger {
  readonly level: string
  readonly #parent: Logger
  readonly #bindings: Bindings
  readonly #options: ChildLoggerOptions
  #child: Logger | undefined

  constructor(parent: Logger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent
    this.#bindings = bindings
    this.#options = options
    this.level = options.level ?? parent.level
  }

  isLevelEnabled(level: string): boolean {
    const values = this.#parent.levels.values
    return (values[level] ?? 0) >= (values[this.level] ?? Number.POSITIVE_INFINITY)
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options)
  }

  fatal(...args: unknown[]) {
    this.#log('fatal', args)
  }
  error(...args: unknown[]) {
    this.#log('error', args)
  }
  warn(...args: unknown[]) {
    this.#log('warn', args)
  }
  info(...args: unknown[]) {
    this.#log('info', args)
  }
  debug(...args: unknown[]) {
    this.#log('debug', args)
  }
  trace(...args: unknown[]) {
    this.#log('trace', args)
  }
  silent() {}

  #log(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', args: unknown[]) {
    if (!this.isLevelEnabled(level)) return
    ;(this.#logger()[level] as (...values: unknown[]) => void)(...args)
  }

  #logger(): Logger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options)
    return this.#child
  }
}
