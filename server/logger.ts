import pino, { type Logger, type LoggerOptions } from 'pino'
import type { Config } from './config.ts'

/** Query parameters that carry secrets (mail links) are masked before a URL is logged. */
const SECRET_QUERY = /([?&](?:token|code|password)=)[^&#]*/gi

export function maskUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]')
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
  // Written without blocking the event loop: lines queue while a write is under way and leave
  // together. What is still queued when the process exits is written then.
  const destination = pino.destination({ dest: 1, sync: false })
  process.once('exit', () => {
    try {
      destination.flushSync()
    } catch {
      // Nothing more can be done at exit; the lines already written stay.
    }
  })
  return pino(options, destination)
}
