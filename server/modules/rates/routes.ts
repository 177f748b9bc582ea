import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { ServerContext } from '#server/context.ts'
import { serve } from '#server/lib/serve.ts'
import { createRatesService } from './service.ts'

export default async function ratesRoutes(app: FastifyInstance, ctx: ServerContext) {
  const rates = createRatesService({
    primaryUrl: ctx.config.ratesPrimaryUrl,
    backupUrl: ctx.config.ratesBackupUrl,
    log: app.log,
  })

  serve(app, api.rates.get, async () => rates.current())
}
