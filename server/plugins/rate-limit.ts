import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Database } from '#server/db/client.ts'
import { tooManyRequests } from '#server/lib/errors.ts'

type Counter = { current: number; ttl: number }

/**
 * Per-IP limits on guessable routes, counted in PostgreSQL so every instance shares them.
 * Routes opt in with `config: { rateLimit: {} }`; the window and maximum come from configuration.
 */
export default fp(async function rateLimiting(
  app: FastifyInstance,
  options: { db: Database; max: number; windowSeconds: number },
) {
  const store = postgresStore(options.db)
  await app.register(rateLimit, {
    global: false,
    max: options.max,
    timeWindow: options.windowSeconds * 1000,
    store,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(
        Math.ceil(context.ttl / 1000),
        `Too many attempts. Please try again in ${Math.max(1, Math.ceil(context.ttl / 60_000))} minute(s).`,
      ),
  })
})

function postgresStore(db: Database) {
  return class PostgresRateLimitStore {
    readonly prefix: string
    constructor(_options?: unknown, prefix = 'global') {
      this.prefix = prefix
    }

    incr(key: string, callback: (error: Error | null, result?: Counter) => void, timeWindow: number) {
      incrementBucket(db, `${this.prefix}:${key}`, timeWindow).then(
        (counter) => callback(null, counter),
        (error: Error) => callback(error),
      )
    }

    /**
     * One store per limited route. @fastify/rate-limit passes its merged route parameters, with the
     * route under `routeInfo` (its type declaration claims the route options themselves).
     */
    child(routeParameters: object) {
      const { routeInfo } = routeParameters as { routeInfo: { method?: string | string[]; url?: string } }
      return new PostgresRateLimitStore(undefined, `${String(routeInfo.method)}:${routeInfo.url}`)
    }
  }
}

/** Counts one attempt under `key` in a window, shared by every instance (per-address limits use it too). */
export async function incrementBucket(db: Database, key: string, windowMs: number): Promise<Counter> {
  const result = await db.$client.query<{ hits: number; ttl: string }>(
    `INSERT INTO rate_limit_buckets (key, hits, reset_at)
     VALUES ($1, 1, now() + make_interval(secs => $2 / 1000.0))
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limit_buckets.reset_at <= now() THEN 1 ELSE rate_limit_buckets.hits + 1 END,
       reset_at = CASE WHEN rate_limit_buckets.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limit_buckets.reset_at END
     RETURNING hits, ceil(extract(epoch FROM reset_at - now()) * 1000)::bigint AS ttl`,
    [key, windowMs],
  )
  const row = result.rows[0]!
  // Expired buckets are swept now and then rather than by a scheduled job.
  if (Math.random() < 0.01)
    void db.$client.query('DELETE FROM rate_limit_buckets WHERE reset_at < now()').catch(() => {})
  return { current: row.hits, ttl: Math.max(0, Number(row.ttl)) }
}
