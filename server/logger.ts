import pino, { type Logger } from 'pino'
import type { Config } from './config.ts'

/** Query parameters that carry secrets (mail links) are masked before a URL is logged. */
const SECRET_QUERY = /([?&](?:token|code|password)=)[^&#]*/gi

export function maskUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]')
}

export function createLogger(config: Pick<Config, 'logLevel' | 'isProduction'>): Logger {
  return pino({
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
    ...(config.isProduction || !process.stdout.isTTY
      ? {}
      : {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }),
  })
}
