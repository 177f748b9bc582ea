import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { api } from '#common/contract/index.ts'
import type { ServerContext } from '#server/context.ts'
import { serve } from '#server/lib/serve.ts'
import { healthRoutes } from './health.ts'

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
