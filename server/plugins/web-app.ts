import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { API_PREFIX } from '#common/contract/endpoint.ts'
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  LANGUAGE_PARAMETER,
  type Language,
  parseLanguage,
} from '#common/language.ts'
import { routeMatches, routeParams } from '#common/routes.ts'
import { SCREEN_FIRST_READS } from '#common/screen-first-reads.ts'
import { fillSellerPlaceholders, SELLER_PLACEHOLDER, type SellerIdentity } from '#common/seller-identity.ts'
import { SESSION_HINT_COOKIE } from '#common/session-hint.ts'
import { requestCookie } from './auth.ts'
import { contentSecurityDirectives, renderContentSecurityPolicy, socketOrigins } from './security.ts'

/**
 * Serves the built web app: hashed assets with a long cache, built pages in the visitor's
 * language (static marketing pages exist in English and French), and the SPA shell for every
 * other browser path, with status 404 where no page of the route table matches (the app shows its
 * not-found page). Unknown API paths get a JSON 404; the server's own paths (/ws, /healthz,
 * /readyz, /dev/mailbox) are routes of their own and never reach here. Pages that name the operator (the legal
 * pages) carry placeholders, filled once at start-up from the configured identity and served
 * from memory: a changed SELLER_* variable shows at the next start, without a new build.
 */
export default fp(async function webApp(
  app: FastifyInstance,
  options: { clientDir: string; isProduction: boolean; allowedOrigins: string[]; seller: SellerIdentity },
) {
  const shell = ['__spa-fallback.html', 'index.html']
    .map((file) => path.join(options.clientDir, file))
    .find(existsSync)
  const shellHtml = shell ? readFileSync(shell, 'utf8') : ''
  const screenShells = shell ? shellsOfScreens(options.clientDir, shellHtml) : undefined
  const filledPages = shell
    ? pagesNamingTheSeller(options.clientDir, options.seller)
    : new Map<string, string>()
  const pagePolicies = shell
    ? policiesOfPages(
        options.clientDir,
        options.isProduction,
        socketOrigins(options.allowedOrigins),
        filledPages,
      )
    : new Map<string, string>()
  // Their files (and compressed twins) still hold the placeholders: never served as they are.
  const unfilledPaths = new Set(
    [...filledPages.keys()].map(
      (file) => `/${path.relative(options.clientDir, file).split(path.sep).join('/')}`,
    ),
  )
  if (shell) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      wildcard: false,
      allowedPath: (pathname) => !unfilledPaths.has(pathname),
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
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith(API_PREFIX)
    if (wantsPage && shell) {
      const chosen = chosenLanguage(request)
      if (chosen.fromParameter) rememberLanguage(reply, chosen.language)
      // /fr opens the home page with French selected.
      if (pathname === '/fr') return rememberLanguage(reply, 'fr').redirect('/', 302)
      const folder = pathname.replace(/\/+$/, '')
      const page = [`index.${chosen.language}.html`, 'index.html']
        .map((name) => path.join(folder, name))
        .find((file) => existsSync(path.join(options.clientDir, file)))
      reply.header('cache-control', 'no-cache').header('vary', 'Cookie')
      const filled = page && filledPages.get(path.join(options.clientDir, page))
      if (filled)
        return reply
          .type('text/html; charset=utf-8')
          .header('content-security-policy', pagePolicies.get(path.join(options.clientDir, page)))
          .send(filled)
      if (page) return reply.sendFile(page)
      const screenShell = screenShells?.(pathname, requestCookie(request, SESSION_HINT_COOKIE) === '1')
      return reply
        .status(screenShell ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', pagePolicies.get(shell))
        .send(screenShell ?? shellHtml)
    }
    return reply.status(404).send({ message: `No route for ${request.method} ${pathname}` })
  })
})

/**
 * The single-page app's shell for one screen: the shell with a module preload for each script
 * of the screen's routes (listed by the build in .vite/route-modules.json), so the browser
 * fetches them beside the entry instead of after the router has started. Built once per screen
 * at start-up; undefined for a path no screen matches, or without the list (an older build).
 * A route whose pages are all built (`/tutorials/:slug`, `/cluster-types/:type`) matches only
 * those: any other slug is not a page. For a browser that holds a session, the reads the screen
 * waits for (common/screen-first-reads.ts) are preloaded too, with the credentials the app's own
 * request carries, so the app takes their answers.
 */
function shellsOfScreens(
  clientDir: string,
  html: string,
): ((pathname: string, holdsSession: boolean) => string | undefined) | undefined {
  const listFile = path.join(clientDir, '.vite', 'route-modules.json')
  if (!existsSync(listFile)) return undefined
  const screens = (JSON.parse(readFileSync(listFile, 'utf8')) as { path: string; files: string[] }[])
    .map((screen) => ({
      path: screen.path,
      params: (screen.path.match(/:/g) ?? []).length,
      html: html.replace(
        '</head>',
        `${screen.files.map((file) => `<link rel="modulepreload" href="${file}"/>`).join('')}</head>`,
      ),
    }))
    // A path of fixed words wins over one with parameters (/orders/products before /orders/:id).
    .sort((a, b) => a.params - b.params)
  const builtPages = builtPagePaths(clientDir)
  const allBuilt = new Set(
    screens
      .filter((screen) => screen.params > 0 && builtPages.some((page) => routeMatches(screen.path, page)))
      .map((screen) => screen.path),
  )
  return (pathname, holdsSession) => {
    const screen = screens.find((candidate) => routeMatches(candidate.path, pathname))
    if (!screen || allBuilt.has(screen.path)) return undefined
    const firstReads = SCREEN_FIRST_READS[screen.path]
    const params = firstReads && holdsSession ? routeParams(screen.path, pathname) : undefined
    if (!firstReads || !params) return screen.html
    // Ahead of the scripts: a browser opens few connections to a host, and the screen needs these
    // answers as much as its code.
    const reads = firstReads(params)
      .map(
        (read) =>
          `<link rel="preload" href="${escapeAttribute(read)}" as="fetch" crossorigin="use-credentials"/>`,
      )
      .join('')
    const at = screen.html.indexOf('<link rel="modulepreload"')
    return at < 0
      ? screen.html.replace('</head>', `${reads}</head>`)
      : `${screen.html.slice(0, at)}${reads}${screen.html.slice(at)}`
  }
}

/** A value for a double-quoted HTML attribute. */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** The paths of the built pages (`/cluster-types/blue` for cluster-types/blue/index.html). */
function builtPagePaths(clientDir: string): string[] {
  return htmlFiles(clientDir)
    .filter((file) => path.basename(file) === 'index.html')
    .map((file) => `/${path.relative(clientDir, path.dirname(file)).split(path.sep).join('/')}`)
}

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
function policiesOfPages(
  clientDir: string,
  isProduction: boolean,
  sockets: string[],
  filledPages: Map<string, string>,
): Map<string, string> {
  const policies = new Map<string, string>()
  for (const file of htmlFiles(clientDir)) {
    const html = filledPages.get(file) ?? readFileSync(file, 'utf8')
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

/**
 * The built pages that carry seller placeholders, filled in their language (`index.fr.html` is
 * French): file → HTML.
 */
function pagesNamingTheSeller(clientDir: string, seller: SellerIdentity): Map<string, string> {
  const pages = new Map<string, string>()
  for (const file of htmlFiles(clientDir)) {
    const html = readFileSync(file, 'utf8')
    if (!new RegExp(SELLER_PLACEHOLDER.source).test(html)) continue
    const language = parseLanguage(/^index\.([a-z]+)\.html$/.exec(path.basename(file))?.[1]) ?? 'en'
    pages.set(file, fillSellerPlaceholders(html, seller, language))
  }
  return pages
}

function htmlFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : htmlFiles(full)
    return entry.name.endsWith('.html') ? [full] : []
  })
}
