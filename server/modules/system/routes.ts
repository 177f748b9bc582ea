import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { ServerContext } from '#server/context.ts'
import { databaseAnswers } from '#server/db/client.ts'
import { serve } from '#server/lib/serve.ts'

const packageVersion: string = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
).version

export default async function systemRoutes(app: FastifyInstance, ctx: ServerContext) {
  serve(app, api.system.versionSummary, async () => ({
    displayVersion: `v${packageVersion}`,
    environment: ctx.config.isProduction ? ('production' as const) : ('development' as const),
  }))
  healthRoutes(app, ctx)
}

/**
 * Liveness and readiness: served by the web app, and alone by a `--role=worker` process for its
 * probes (server/worker-health.ts). Probes ask often: their lines are logged at warn only.
 */
export function healthRoutes(app: FastifyInstance, ctx: Pick<ServerContext, 'db'>) {
  serve(app, api.system.health, async () => ({ status: 'ok' as const }), { logLevel: 'warn' })
  serve(
    app,
    api.system.ready,
    async (_request, reply) => {
      if (await databaseAnswers(ctx.db)) return { status: 'ok' as const }
      return reply.status(503).send({ status: 'unavailable' as const })
    },
    { logLevel: 'warn' },
  )
}
