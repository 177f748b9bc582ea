/**
 * Builds the static marketing site into <BUILD_DIR>/client after the app's build: the islands
 * script (Vite), every static page in every language (React rendered to HTML through Vite's
 * module loader), sitemap.xml and robots.txt. Pages are drawn from the seed catalog and the
 * Markdown under web/content. SITE_URL (default https://clusterdeck.eu) makes canonical URLs.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { build, createServer } from 'vite'
import type { RenderedPage } from '#web/site/render-site.tsx'
import { robotsTxt, sitemapXml } from '#web/site/sitemap.ts'
import { seedCatalog } from './site-catalog.ts'
import { contractRoutesInTheBrowser } from './vite/contract-routes.ts'

const ISLANDS_ENTRY = 'web/site/islands/main.ts'
const MANIFEST = '.vite/site-manifest.json'

export async function buildSite(clientDir: string): Promise<{ pages: number }> {
  keepAppShell(clientDir)
  const islandScript = await buildIslands(clientDir)
  const siteUrl = process.env.SITE_URL ?? 'https://clusterdeck.eu'
  const pages = await renderPages({ stylesheets: appStylesheets(clientDir), islandScript }, siteUrl)
  for (const page of pages) {
    const file = pageFile(clientDir, page)
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, page.html)
  }
  writeFileSync(path.join(clientDir, 'sitemap.xml'), sitemapXml(pages, siteUrl))
  writeFileSync(path.join(clientDir, 'robots.txt'), robotsTxt(siteUrl))
  return { pages: pages.length }
}

/** The router writes its single-page shell as index.html when / is not among its pages. */
function keepAppShell(clientDir: string): void {
  const shell = path.join(clientDir, '__spa-fallback.html')
  const index = path.join(clientDir, 'index.html')
  if (!existsSync(shell) && existsSync(index)) renameSync(index, shell)
}

/** The stylesheet the app's shell links (Tailwind scans web/, static pages included). */
function appStylesheets(clientDir: string): string[] {
  const shell = readFileSync(path.join(clientDir, '__spa-fallback.html'), 'utf8')
  const sheets = [...shell.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map(
    (match) => match[1] ?? '',
  )
  if (sheets.length === 0) throw new Error('the app shell links no stylesheet')
  return sheets
}

async function buildIslands(clientDir: string): Promise<string> {
  await build({
    configFile: false,
    logLevel: 'warn',
    plugins: [contractRoutesInTheBrowser()],
    oxc: { jsx: { runtime: 'automatic' } },
    build: {
      outDir: clientDir,
      emptyOutDir: false,
      manifest: MANIFEST,
      target: 'es2022',
      rolldownOptions: {
        // Radix and lucide mark their modules "use client", which means nothing in a browser bundle.
        onLog(level, log, handler) {
          if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log)
        },
        input: { site: ISLANDS_ENTRY },
        output: { entryFileNames: 'assets/[name]-[hash].js', chunkFileNames: 'assets/[name]-[hash].js' },
      },
    },
  })
  const manifest = JSON.parse(readFileSync(path.join(clientDir, MANIFEST), 'utf8')) as Record<
    string,
    { file: string }
  >
  const entry = manifest[ISLANDS_ENTRY]
  if (!entry) throw new Error(`the islands build did not emit ${ISLANDS_ENTRY}`)
  return `/${entry.file}`
}

async function renderPages(
  assets: { stylesheets: string[]; islandScript: string },
  siteUrl: string,
): Promise<RenderedPage[]> {
  const vite = await createServer({
    configFile: false,
    logLevel: 'warn',
    plugins: [contractRoutesInTheBrowser()],
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    oxc: { jsx: { runtime: 'automatic' } },
  })
  try {
    const { renderSite } = (await vite.ssrLoadModule(
      '/web/site/render-site.tsx',
    )) as typeof import('#web/site/render-site.tsx')
    return renderSite({ catalog: seedCatalog(), assets, siteUrl })
  } finally {
    await vite.close()
  }
}

/** / → index.html, /pricing → pricing/index.html; French beside it as index.fr.html. */
export function pageFile(clientDir: string, page: Pick<RenderedPage, 'path' | 'language'>): string {
  const name = page.language === 'en' ? 'index.html' : `index.${page.language}.html`
  return path.join(clientDir, page.path, name)
}
