import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { en } from '#web/locales/en.ts'

/**
 * A screen carries the strings of the areas its code reads, because each module that reads an
 * area's strings imports that area's registration (web/lib/strings/<area>.ts). This holds every
 * module of the web app to it: an area read is an area imported, and an area imported is read.
 *
 * Two exceptions. The static pages are rendered at build time with every string at hand
 * (web/site/site-i18n.ts), so web/site needs no registration, apart from the signed-in chrome that
 * the app's code draws on a static page. And the scripts of the static pages (the islands) carry
 * no dictionary at all (their words travel as JSON in the page): a module they load registers
 * nothing, and the app's modules that read its keys register them.
 */

/** The page titles and common words: web/lib/i18n.ts always has them. */
const ALWAYS_THERE = ['common', 'pages']
const AREAS = Object.keys(en).filter((area) => !ALWAYS_THERE.includes(area))
const fileOf = (area: string) => area.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
/** A key written in the code: 'clusters.title', `support.status.${value}`. */
const KEY = new RegExp(`['"\`](${AREAS.join('|')})\\.[A-Za-z$]`, 'g')
const IMPORT = /^import '#web\/lib\/strings\/([a-z-]+)\.ts'$/gm
/** A module's imports that load code (`import type` loads none). */
const CODE_IMPORT = /^(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?'([^']+)'/gm

const SOURCES = execFileSync('git', ['ls-files', 'web/*.ts', 'web/*.tsx'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '' && !/\.test\.tsx?$/.test(file))
const ISLANDS_ENTRY = 'web/site/islands/main.ts'
const SIGNED_IN_CHROME = 'web/site/islands/signed-in-chrome.tsx'
const ISLAND_MODULES = staticClosure(ISLANDS_ENTRY)

/** The web app's modules held to the rule: not the strings themselves, nor the static pages' own. */
const MODULES = SOURCES.filter(
  (file) =>
    !ISLAND_MODULES.has(file) &&
    !file.startsWith('web/locales/') &&
    !file.startsWith('web/lib/strings/') &&
    file !== 'web/lib/i18n-keys.ts' &&
    (!file.startsWith('web/site/') || file === SIGNED_IN_CHROME),
)

/** Block and line comments: a key a comment names is not read, and must not bring its area. */
const COMMENT = /\/\*[\s\S]*?\*\/|(?<!:)\/\/.*$/gm

function areasOf(source: string) {
  const code = source.replace(COMMENT, '')
  return {
    read: [...new Set([...code.matchAll(KEY)].map((match) => fileOf(match[1]!)))].sort(),
    imported: [...source.matchAll(IMPORT)].map((match) => match[1]!).sort(),
  }
}

/** The modules a module loads, followed through the web app's own files (`#web/…` and relative). */
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>()
  const pending = [entry]
  while (pending.length > 0) {
    const file = pending.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    for (const match of readFileSync(file, 'utf8').matchAll(CODE_IMPORT)) {
      const specifier = match[1]!
      const target = specifier.startsWith('#web/')
        ? `web/${specifier.slice('#web/'.length)}`
        : specifier.startsWith('.')
          ? path.join(path.dirname(file), specifier)
          : undefined
      if (target && existsSync(target)) pending.push(target)
    }
  }
  return seen
}

describe('the strings each module reads', () => {
  it('finds the keys and the imports', () => {
    expect(MODULES.length).toBeGreaterThan(200)
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample is source code with a template-literal key.
    expect(areasOf("t('clusters.title'); t(`support.status.${value}`)")).toEqual({
      read: ['clusters', 'support'],
      imported: [],
    })
    expect(areasOf("import '#web/lib/strings/cluster-config.ts'\nt('clusterConfig.step')")).toEqual({
      read: ['cluster-config'],
      imported: ['cluster-config'],
    })
    // A key named in a comment is no read: a screen would carry the area's strings for nothing.
    expect(
      areasOf("/** The `orders.total` count. */\n// see 'support.title'\nfetch('https://x')").read,
    ).toEqual([])
    expect(ISLAND_MODULES).toContain('web/components/layout/nav-links.ts')
    expect(ISLAND_MODULES).not.toContain(SIGNED_IN_CHROME)
  })

  it('every module imports the strings of the areas it reads, and only those', () => {
    const mismatches = MODULES.map((file) => ({ file, ...areasOf(readFileSync(file, 'utf8')) })).filter(
      ({ read, imported }) => read.join() !== imported.join(),
    )
    // Each entry: a module, the areas whose keys it writes, the web/lib/strings modules it imports.
    expect(mismatches).toEqual([])
  })

  it('the static pages’ scripts load no strings', () => {
    const registering = [...ISLAND_MODULES].filter(
      (file) =>
        file.startsWith('web/lib/strings/') || areasOf(readFileSync(file, 'utf8')).imported.length > 0,
    )
    expect(registering).toEqual([])
  })
})
