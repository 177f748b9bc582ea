import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { ServerContext } from '#server/context.ts'
import { serve } from '#server/lib/serve.ts'

/** Today's exchange rates, from the process's one rates service (its cache is shared with every user). */
export default async function ratesRoutes(app: FastifyInstance, ctx: ServerContext) {
  serve(app, api.rates.get, async () => ctx.rates.current())
}
