import pino, { type Logger, type LoggerOptions } from 'pino'
import type { Config } from './config.ts'

/** Query parameters that carry secrets (mail links) are masked before a URL is logged. */
const SECRET_QUERY = /([?&](?:token|code|password)=)[^&#]*/gi

export function maskUrl(url: string): string {
  // Most URLs have no query: they skip the replace, which parses its pattern on every call.
  return url.includes('?') ? url.replace(SECRET_QUERY, '$1[redacted]') : url
}

export function createLogger(config: Pick<Config, 'logLevel' | 'isProduction'>): Logger {
  const pretty = !config.isProduction && process.stdout.isTTY
  const options: LoggerOptions = {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.secret',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { id: string; method: string; url: string; ip?: string }) => ({
        id: request.id,
        method: request.method,
        url: maskUrl(request.url),
        ip: request.ip,
      }),
    },
  }
  if (pretty) {
    return pino({
      ...options,
      transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
    })
  }
  // Written without blocking the event loop, and in batches: a line per request would otherwise
  // cost a write per request. What is still queued when the process exits is written then.
  const destination = pino.destination({ dest: 1, sync: false })
  const lines = new LineBatch(destination)
  process.once('exit', () => {
    try {
      lines.release()
      destination.flushSync()
    } catch {
      // Nothing more can be done at exit; the lines already written stay.
    }
  })
  return pino(options, lines)
}

/** Where a batch of lines goes: pino's own destination. */
type LineSink = { write(text: string): unknown; flush?(callback?: (error?: Error) => void): void }

/**
 * Lines are held at most this long, or until this many characters wait. Small batches measured
 * faster than large ones (bench:api's floor, 8 KiB against 64 KiB: about a tenth more answers).
 */
const BATCH_MS = 200
const BATCH_CHARACTERS = 8 * 1024
/** pino's number of the warn level: a warning or an error leaves at once, with what came before. */
const WARN_LEVEL = 40

/**
 * Log lines kept in memory and handed to the destination together. pino tells a destination
 * that asks for it (`needsMetadata`) the level of the line it writes.
 */
export class LineBatch {
  readonly [pino.symbols.needsMetadataGsym] = true
  lastLevel = 0
  #lines: string[] = []
  #characters = 0
  #timer: NodeJS.Timeout | undefined
  readonly #sink: LineSink
  readonly #holdMs: number

  constructor(sink: LineSink, holdMs = BATCH_MS) {
    this.#sink = sink
    this.#holdMs = holdMs
  }

  write(line: string): boolean {
    this.#lines.push(line)
    this.#characters += line.length
    if (this.lastLevel >= WARN_LEVEL || this.#characters >= BATCH_CHARACTERS) this.release()
    else this.#timer ??= setTimeout(() => this.release(), this.#holdMs).unref()
    return true
  }

  /** Hands the waiting lines to the destination, in one write. */
  release(): void {
    clearTimeout(this.#timer)
    this.#timer = undefined
    if (this.#lines.length === 0) return
    this.#sink.write(this.#lines.join(''))
    this.#lines = []
    this.#characters = 0
  }

  /** pino's `logger.flush()`: the waiting lines, then the destination's own buffer. */
  flush(callback?: (error?: Error) => void): void {
    this.release()
    if (this.#sink.flush) this.#sink.flush(callback)
    else callback?.()
  }
}
