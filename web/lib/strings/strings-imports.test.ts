import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { en } from '#web/locales/en.ts'

/**
 * A screen carries the strings of the areas its code reads, because each module that reads an
 * area's strings imports that area's registration (web/lib/strings/<area>.ts). This holds every
 * module of the web app to it: an area read is an area imported, and an area imported is read.
 */

/** The page titles and common words: web/lib/i18n.ts always has them. */
const ALWAYS_THERE = ['common', 'pages']
const AREAS = Object.keys(en).filter((area) => !ALWAYS_THERE.includes(area))
const fileOf = (area: string) => area.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
/** A key written in the code: 'clusters.title', `support.status.${value}`. */
const KEY = new RegExp(`['"\`](${AREAS.join('|')})\\.[A-Za-z$]`, 'g')
const IMPORT = /^import '#web\/lib\/strings\/([a-z-]+)\.ts'$/gm

/** The web app's modules, apart from the strings themselves, tests, and the build-time pages' i18n (it has them all). */
const MODULES = execFileSync('git', ['ls-files', 'web/*.ts', 'web/*.tsx'], { encoding: 'utf8' })
  .split('\n')
  .filter(
    (file) =>
      file !== '' &&
      !/\.test\.tsx?$/.test(file) &&
      !file.startsWith('web/locales/') &&
      !file.startsWith('web/lib/strings/') &&
      !['web/lib/i18n-keys.ts', 'web/site/site-i18n.ts'].includes(file),
  )

function areasOf(source: string) {
  return {
    read: [...new Set([...source.matchAll(KEY)].map((match) => fileOf(match[1]!)))].sort(),
    imported: [...source.matchAll(IMPORT)].map((match) => match[1]!).sort(),
  }
}

describe('the strings each module reads', () => {
  it('finds the keys of the web app', () => {
    expect(MODULES.length).toBeGreaterThan(200)
    expect(areasOf("t('clusters.title'); t(`support.status.${value}`)")).toEqual({
      read: ['clusters', 'support'],
      imported: [],
    })
    expect(areasOf("import '#web/lib/strings/cluster-config.ts'\nt('clusterConfig.step')")).toEqual({
      read: ['cluster-config'],
      imported: ['cluster-config'],
    })
  })

  it('every module imports the strings of the areas it reads, and only those', () => {
    const mismatches = MODULES.map((file) => ({ file, ...areasOf(readFileSync(file, 'utf8')) })).filter(
      ({ read, imported }) => read.join() !== imported.join(),
    )
    // Each entry: a module, the areas whose keys it writes, the web/lib/strings modules it imports.
    expect(mismatches).toEqual([])
  })
})
