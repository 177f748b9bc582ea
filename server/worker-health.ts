import Fastify, { type FastifyBaseLogger } from 'fastify'
import type { ServerContext } from './context.ts'
import { requestValidatorCompiler } from './lib/request-validator.ts'
import { responseSerializerCompiler } from './lib/response-serializer.ts'
import { healthRoutes } from './modules/system/index.ts'

/**
 * What a `--role=worker` process serves on PORT: `/healthz` (the process answers) and `/readyz`
 * (its database answers), for the probes of a container platform, and nothing else.
 */
export async function buildWorkerHealthApp(
  ctx: Pick<ServerContext, 'db'>,
  options: { loggerInstance?: FastifyBaseLogger } = {},
) {
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: false }),
    requestTimeout: 10_000,
    return503OnClosing: true,
    forceCloseConnections: true,
  })
  app.setValidatorCompiler(requestValidatorCompiler)
  app.setSerializerCompiler(responseSerializerCompiler('compiled'))
  healthRoutes(app, ctx)
  return app
}
