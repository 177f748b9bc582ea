import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  LANGUAGE_PARAMETER,
  type Language,
  parseLanguage,
} from '#common/language.ts'
import { requestCookie } from './auth.ts'
import { contentSecurityDirectives, renderContentSecurityPolicy, socketOrigins } from './security.ts'

const SERVER_PREFIXES = ['/api/', '/ws', '/dev/', '/healthz', '/readyz']

/**
 * Serves the built web app: hashed assets with a long cache, built pages in the visitor's
 * language (static marketing pages exist in English and French), and the SPA shell for every
 * other browser path. Unknown API paths get a JSON 404.
 */
export default fp(async function webApp(
  app: FastifyInstance,
  options: { clientDir: string; isProduction: boolean; allowedOrigins: string[] },
) {
  const shell = ['__spa-fallback.html', 'index.html']
    .map((file) => path.join(options.clientDir, file))
    .find(existsSync)
  const pagePolicies = shell
    ? policiesOfPages(options.clientDir, options.isProduction, socketOrigins(options.allowedOrigins))
    : new Map<string, string>()
  if (shell) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      wildcard: false,
      // Pages go through the handler below, which picks the language.
      index: false,
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
      const chosen = chosenLanguage(request)
      if (chosen.fromParameter) rememberLanguage(reply, chosen.language)
      // Spec §2: /fr opens the home page with French selected.
      if (pathname === '/fr') return rememberLanguage(reply, 'fr').redirect('/', 302)
      const folder = pathname.replace(/\/+$/, '')
      const page = [`index.${chosen.language}.html`, 'index.html']
        .map((name) => path.join(folder, name))
        .find((file) => existsSync(path.join(options.clientDir, file)))
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie')
        .sendFile(page ?? path.basename(shell))
    }
    return reply.status(404).send({ message: `No route for ${request.method} ${pathname}` })
  })
})

/** ?lang= (the addresses search engines index) first, then the visitor's remembered choice. */
function chosenLanguage(request: FastifyRequest): { language: Language; fromParameter: boolean } {
  const parameter = parseLanguage(
    new URL(request.url, 'http://localhost').searchParams.get(LANGUAGE_PARAMETER),
  )
  if (parameter) return { language: parameter, fromParameter: true }
  return { language: parseLanguage(requestCookie(request, LANGUAGE_COOKIE)) ?? 'en', fromParameter: false }
}

function rememberLanguage(reply: FastifyReply, language: Language): FastifyReply {
  return reply.setCookie(LANGUAGE_COOKIE, language, {
    path: '/',
    sameSite: 'lax',
    maxAge: LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  })
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g

/**
 * Built pages carry inline scripts (the theme boot script, the router's hydration data). Each page
 * gets a policy that allows exactly its own inline scripts by hash, computed once at start-up.
 */
function policiesOfPages(clientDir: string, isProduction: boolean, sockets: string[]): Map<string, string> {
  const policies = new Map<string, string>()
  for (const file of htmlFiles(clientDir)) {
    const html = readFileSync(file, 'utf8')
    const hashes = [...html.matchAll(INLINE_SCRIPT)]
      .map((match) => match[1] ?? '')
      .filter((script) => script.length > 0)
      .map((script) => createHash('sha256').update(script).digest('base64'))
    const directives = contentSecurityDirectives({
      isProduction,
      socketOrigins: sockets,
      scriptHashes: [...new Set(hashes)],
    })
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
