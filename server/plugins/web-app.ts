import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

const SERVER_PREFIXES = ['/api/', '/ws', '/dev/', '/healthz', '/readyz']

/**
 * Serves the built web app: hashed assets with a long cache, prerendered pages as they are, and
 * the SPA shell for every other browser path. Unknown API paths get a JSON 404.
 */
export default fp(async function webApp(app: FastifyInstance, options: { clientDir: string }) {
  const shell = ['__spa-fallback.html', 'index.html']
    .map((file) => path.join(options.clientDir, file))
    .find(existsSync)
  if (shell) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      wildcard: false,
      index: ['index.html'],
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/'
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !SERVER_PREFIXES.some((prefix) => pathname.startsWith(prefix))
    if (wantsPage && shell) {
      const prerendered = path.join(pathname.replace(/\/+$/, ''), 'index.html')
      const file = existsSync(path.join(options.clientDir, prerendered)) ? prerendered : path.basename(shell)
      return reply.header('cache-control', 'no-cache').sendFile(file)
    }
    return reply.status(404).send({ message: `No route for ${request.method} ${pathname}` })
  })
})
