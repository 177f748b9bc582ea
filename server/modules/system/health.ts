import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { ServerContext } from '#server/context.ts'
import { databaseAnswers } from '#server/db/client.ts'
import { serve } from '#server/lib/serve.ts'

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
