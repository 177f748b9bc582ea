import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { readRouterManifest, routeModulesOf } from './route-modules.ts'

/**
 * The JavaScript a page of the build loads before it can answer: the scripts its HTML loads
 * (script tags, module preloads, imports of inline module scripts) and, for a screen of the
 * single-page app, the modules of its routes (root, layout, screen) from React Router's manifest,
 * each with its static imports. Dynamic `import()`s load later and do not count. Used by the size
 * budget test and by `npm run bench:web`.
 */

export type FirstLoad = {
  files: string[]
  /** Each file's Brotli size, largest first. */
  brotliByFile: { file: string; bytes: number }[]
  rawBytes: number
  gzipBytes: number
  brotliBytes: number
}

const SCRIPT_SOURCE = /<script\b[^>]*\bsrc="([^"]+)"/g
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g
const INLINE_MODULE = /<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g
/** `import … from "x"`, `import "x"` and `export … from "x"`; dynamic `import("x")` loads later. */
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.js)["']/g

/** The HTML the server answers for a path: its prerendered page, or the single-page app's shell. */
function htmlFileOf(clientDir: string, page: string): string {
  const prerendered = path.join(clientDir, page === '/' ? 'index.html' : `${page.slice(1)}/index.html`)
  return existsSync(prerendered) ? prerendered : path.join(clientDir, '__spa-fallback.html')
}

/** A prerendered or static page: what its HTML loads. */
export function firstLoadOfPage(clientDir: string, page: string): FirstLoad {
  return measure(clientDir, scriptsOfHtml(readFileSync(htmlFileOf(clientDir, page), 'utf8')))
}

/**
 * A screen of the single-page app, named by its route path (`/clusters/:id`): the shell's scripts
 * and the modules of its routes, as the server preloads them for that screen (route-modules.ts).
 */
export function firstLoadOfScreen(clientDir: string, routePath: string): FirstLoad {
  const screen = routeModulesOf(readRouterManifest(clientDir)).find((route) => route.path === routePath)
  if (!screen) throw new Error(`no route with the path ${routePath} in the build`)
  const shell = scriptsOfHtml(readFileSync(path.join(clientDir, '__spa-fallback.html'), 'utf8'))
  return measure(clientDir, [...shell, ...screen.files.map(assetFile)])
}

function scriptsOfHtml(html: string): string[] {
  return [
    ...[...html.matchAll(SCRIPT_SOURCE)].map((match) => match[1]!),
    ...[...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!),
    ...[...html.matchAll(INLINE_MODULE)].flatMap((match) =>
      [...match[1]!.matchAll(STATIC_IMPORT)].map((found) => found[1]!),
    ),
  ].map(assetFile)
}

const assetFile = (reference: string) => new URL(reference, 'http://app/').pathname.slice(1)

/** The files and their static imports, each counted once, with their sizes. */
function measure(clientDir: string, start: string[]): FirstLoad {
  const pending = [...start]
  const files = new Set<string>()
  while (pending.length > 0 && files.size < 2_000) {
    const file = pending.pop()!
    if (files.has(file) || !file.endsWith('.js') || !existsSync(path.join(clientDir, file))) continue
    files.add(file)
    const source = readFileSync(path.join(clientDir, file), 'utf8')
    for (const match of source.matchAll(STATIC_IMPORT))
      pending.push(new URL(match[1]!, `http://app/${file}`).pathname.slice(1))
  }
  let rawBytes = 0
  let gzipBytes = 0
  let brotliBytes = 0
  const brotliByFile: FirstLoad['brotliByFile'] = []
  for (const file of files) {
    const full = path.join(clientDir, file)
    const content = readFileSync(full)
    rawBytes += content.length
    // The build writes the twins the server sends (scripts/precompress.ts); the same settings otherwise.
    gzipBytes += twinSize(`${full}.gz`) ?? gzipSync(content, { level: 9 }).length
    const brotli =
      twinSize(`${full}.br`) ??
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
    brotliBytes += brotli
    brotliByFile.push({ file, bytes: brotli })
  }
  brotliByFile.sort((a, b) => b.bytes - a.bytes)
  return { files: [...files].sort(), brotliByFile, rawBytes, gzipBytes, brotliBytes }
}

const twinSize = (file: string) => (existsSync(file) ? statSync(file).size : undefined)
