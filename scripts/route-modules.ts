import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The scripts each screen of the single-page app needs beyond the shell's: its layout's and its
 * own route modules with their imports, from React Router's manifest. The build writes them to
 * `.vite/route-modules.json`; the server names them as module preloads in the shell it answers for
 * that screen, so they load beside the entry instead of after the router has started.
 */
export type RouteModules = { path: string; files: string[] }[]

export const ROUTE_MODULES_FILE = path.join('.vite', 'route-modules.json')

export type ManifestRoute = {
  id: string
  parentId?: string
  path?: string
  module: string
  imports?: string[]
}
export type RouterManifest = {
  entry: { module: string; imports: string[] }
  routes: Record<string, ManifestRoute>
}

export function routeModulesOf(manifest: RouterManifest): RouteModules {
  const root = manifest.routes.root
  const shell = new Set([manifest.entry.module, ...manifest.entry.imports, ...moduleFiles(root)])
  return Object.values(manifest.routes)
    .filter((route) => route.path && route.path !== '*' && route.parentId)
    .map((screen) => {
      const files = new Set<string>()
      for (let route: ManifestRoute | undefined = screen; route && route.id !== 'root'; ) {
        for (const file of moduleFiles(route)) if (!shell.has(file)) files.add(file)
        route = route.parentId ? manifest.routes[route.parentId] : undefined
      }
      return { path: screen.path!, files: [...files] }
    })
}

const moduleFiles = (route: ManifestRoute | undefined) =>
  route ? [route.module, ...(route.imports ?? [])] : []

/** React Router's manifest of a client build (`window.__reactRouterManifest = {…}`). */
export function readRouterManifest(clientDir: string): RouterManifest {
  const html = readFileSync(path.join(clientDir, '__spa-fallback.html'), 'utf8')
  const manifestFile = /href="(\/assets\/manifest-[\w-]+\.js)"/.exec(html)?.[1]
  if (!manifestFile) throw new Error(`no router manifest in ${clientDir}/__spa-fallback.html`)
  const source = readFileSync(path.join(clientDir, manifestFile), 'utf8')
  return JSON.parse(source.slice(source.indexOf('=') + 1).replace(/;\s*$/, '')) as RouterManifest
}

/** Writes the screens' module lists of a client build beside it; gives how many screens. */
export function writeRouteModules(clientDir: string): number {
  const routes = routeModulesOf(readRouterManifest(clientDir))
  writeFileSync(path.join(clientDir, ROUTE_MODULES_FILE), JSON.stringify(routes))
  return routes.length
}
