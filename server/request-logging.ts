import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import { LogController } from 'fastify'
import pino, { type Bindings, type ChildLoggerOptions, type Logger } from 'pino'
import { maskUrl } from './logger.ts'

/** A pino logger's destination, and what pino tells one that asks for it of each line. */
type Destination = { write(line: string): unknown; lastLevel?: number }

/** pino's number of the info level. */
const INFO_LEVEL = 30

/**
 * The access log: one line per request, written when it is answered (Fastify's own two lines,
 * at arrival and at the end, cost as much as a cached route). Its arrival is logged at debug.
 *
 * The line holds only the method, the masked URL, the address, the status and the time, all safe
 * to log, and it is written by hand in pino's shape (level, time, the logger's bindings, the
 * fields, `msg`) straight to the logger's destination: pino's general path (serializers, redaction,
 * each value's type looked up) cost more than the rest of a cached answer. Every other line goes
 * through pino.
 */
export class AccessLog extends LogController {
  #destination: Destination | undefined
  #bindings = ''

  /** Writes to `logger`'s destination, with its bindings (pid, hostname). */
  writeTo(logger: FastifyBaseLogger) {
    const pinoLogger = logger as Logger & Record<symbol, unknown>
    this.#destination = pinoLogger[pino.symbols.streamSym] as Destination
    this.#bindings = String(pinoLogger[pino.symbols.chindingsSym] ?? '')
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
    const destination = this.#destination
    if (!destination || !(reply.log as Logger).isLevelEnabled?.('info')) return
    destination.lastLevel = INFO_LEVEL
    destination.write(accessLine(this.#bindings, request, reply.statusCode, reply.elapsedTime))
  }
}

/**
 * `{"level":30,"time":…<bindings>,"reqId":…,"method":…,"url":…,"ip":…,"statusCode":…,"ms":…,"msg":"request"}`:
 * the id and method need no escaping (ours, and an HTTP token); the URL and the address may (behind a
 * trusted proxy, the address is read from a header).
 */
export function accessLine(bindings: string, request: FastifyRequest, statusCode: number, elapsedMs: number) {
  const ip = request.ip === undefined ? '' : `,"ip":${JSON.stringify(request.ip)}`
  return `{"level":${INFO_LEVEL},"time":${Date.now()}${bindings},"reqId":"${request.id}","method":"${request.method}","url":${JSON.stringify(maskUrl(request.url))}${ip},"statusCode":${statusCode},"ms":${Math.round(elapsedMs * 10) / 10},"msg":"request"}\n`
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
