import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { contentSecurityDirectives, renderContentSecurityPolicy } from './security.ts'

const SERVER_PREFIXES = ['/api/', '/ws', '/dev/', '/healthz', '/readyz']

/**
 * Serves the built web app: hashed assets with a long cache, prerendered pages as they are, and
 * the SPA shell for every other browser path. Unknown API paths get a JSON 404.
 */
export default fp(async function webApp(
  app: FastifyInstance,
  options: { clientDir: string; isProduction: boolean },
) {
  const shell = ['__spa-fallback.html', 'index.html']
    .map((file) => path.join(options.clientDir, file))
    .find(existsSync)
  const pagePolicies = shell
    ? policiesOfPages(options.clientDir, options.isProduction)
    : new Map<string, string>()
  if (shell) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      setHeaders: (reply, servedPath) => {
        const filePath = servedPath.replace(/\.(br|gz)$/, '')
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        const policy = pagePolicies.get(filePath)
        if (policy) reply.header('content-security-policy', policy)
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

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g

/**
 * Built pages carry inline scripts (the theme boot script, the router's hydration data). Each page
 * gets a policy that allows exactly its own inline scripts by hash, computed once at start-up.
 */
function policiesOfPages(clientDir: string, isProduction: boolean): Map<string, string> {
  const policies = new Map<string, string>()
  for (const file of htmlFiles(clientDir)) {
    const html = readFileSync(file, 'utf8')
    const hashes = [...html.matchAll(INLINE_SCRIPT)]
      .map((match) => match[1] ?? '')
      .filter((script) => script.length > 0)
      .map((script) => createHash('sha256').update(script).digest('base64'))
    const directives = contentSecurityDirectives({ isProduction, scriptHashes: [...new Set(hashes)] })
    policies.set(file, renderContentSecurityPolicy(directives))
  }
  return policies
}

function htmlFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : htmlFiles(full)
    return entry.name.endsWith('.html') ? [full] : []
  })
}
