import type { Plugin } from 'vite'

/**
 * `npm run dev`: the static marketing pages rendered on request from the sources (the build
 * writes them to files instead), with the islands and styles served by Vite.
 */
export function staticSiteInDevelopment(): Plugin {
  return {
    name: 'clusterdeck:static-site',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        try {
          if (request.method !== 'GET' || !request.headers.accept?.includes('text/html')) return next()
          const url = new URL(request.url ?? '/', 'http://localhost')
          const { isStaticPagePath } = await server.ssrLoadModule('/web/lib/paths.ts')
          if (!isStaticPagePath(url.pathname)) return next()
          const { parseLanguage, LANGUAGE_PARAMETER } = await server.ssrLoadModule('/common/language.ts')
          const cookie = /(?:^|; )lang=([a-z]+)/.exec(request.headers.cookie ?? '')?.[1]
          const language =
            parseLanguage(url.searchParams.get(LANGUAGE_PARAMETER)) ?? parseLanguage(cookie) ?? 'en'
          const { seedCatalog } = await server.ssrLoadModule('/scripts/site-catalog.ts')
          const { renderSite } = await server.ssrLoadModule('/web/site/render-site.tsx')
          const pages: { language: string; html: string }[] = renderSite({
            catalog: seedCatalog(),
            assets: { stylesheets: ['/web/app.css'], islandScript: '/web/site/islands/main.ts' },
            siteUrl: `http://${request.headers.host ?? 'localhost:3000'}`,
            only: url.pathname,
          })
          const page = pages.find((candidate) => candidate.language === language)
          if (!page) return next()
          // As the server does at start-up: the legal pages name the configured operator.
          const { sellerIdentityFromEnvironment } = await server.ssrLoadModule('/server/seller-config.ts')
          const { fillSellerPlaceholders } = await server.ssrLoadModule('/common/seller-identity.ts')
          response.setHeader('content-type', 'text/html; charset=utf-8')
          response.end(
            fillSellerPlaceholders(page.html, sellerIdentityFromEnvironment(process.env), language),
          )
        } catch (error) {
          next(error)
        }
      })
    },
  }
}
