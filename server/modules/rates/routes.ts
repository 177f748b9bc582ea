import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { exchangeRatesSchema } from '#common/schemas/rates.ts'
import type { ServerContext } from '#server/context.ts'
import { createRatesService } from './service.ts'

export default async function ratesRoutes(app: FastifyInstance, ctx: ServerContext) {
  const rates = createRatesService({
    primaryUrl: ctx.config.ratesPrimaryUrl,
    backupUrl: ctx.config.ratesBackupUrl,
    log: app.log,
  })
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get('/api/rates', {
    schema: {
      tags: ['rates'],
      summary: 'USD-based exchange rates for EUR and GBP, with their source and date',
      response: { 200: exchangeRatesSchema },
    },
    handler: async () => rates.current(),
  })
}
