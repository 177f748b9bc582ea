import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { healthSchema, versionSummarySchema } from '#common/schemas/system.ts'
import type { ServerContext } from '#server/context.ts'
import { databaseAnswers } from '#server/db/client.ts'
import { errorResponses } from '#server/lib/http.ts'

const packageVersion: string = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
).version

export default async function systemRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get('/api/version/summary', {
    schema: {
      tags: ['system'],
      summary: 'The running version and environment (DEV or PROD badge)',
      response: { 200: versionSummarySchema },
    },
    handler: async () => ({
      displayVersion: `v${packageVersion}`,
      environment: ctx.config.isProduction ? ('production' as const) : ('development' as const),
    }),
  })

  healthRoutes(app, ctx)
}

/**
 * Liveness and readiness: served by the web app, and alone by a `--role=worker` process for its
 * probes (server/worker-health.ts).
 */
export function healthRoutes(app: FastifyInstance, ctx: Pick<ServerContext, 'db'>) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get('/healthz', {
    schema: { tags: ['system'], summary: 'Liveness: the process answers', response: { 200: healthSchema } },
    logLevel: 'warn',
    handler: async () => ({ status: 'ok' as const }),
  })

  api.get('/readyz', {
    schema: {
      tags: ['system'],
      summary: 'Readiness: the database answers',
      response: { 200: healthSchema, 503: healthSchema, ...errorResponses() },
    },
    logLevel: 'warn',
    handler: async (_request, reply) => {
      if (await databaseAnswers(ctx.db)) return { status: 'ok' as const }
      return reply.status(503).send({ status: 'unavailable' as const })
    },
  })
}
