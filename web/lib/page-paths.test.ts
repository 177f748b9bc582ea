import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROUTES } from '#common/routes.ts'

/*
 * Every URL of a page is built with `href` from the route table (common/routes.ts): a page's path
 * written out in the web app would be a second spelling that drifts when the table changes.
 */

const WEB = path.resolve(import.meta.dirname, '..')
const SKIPPED = ['locales', 'content']

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const full = path.join(folder, entry)
    if (statSync(full).isDirectory()) return SKIPPED.includes(entry) ? [] : sourceFiles(full)
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [full] : []
  })
}

/** A written path that names a page: one of the table's, or the fixed start of one with parameters. */
function isPagePath(literal: string): boolean {
  // A lone "/" is more often string handling (trimming, joining) than the home page.
  if (literal === '/') return false
  const pathOnly = literal.split(/[?#$]/)[0]!.replace(/\/+$/, '') || '/'
  return Object.values(ROUTES).some((pattern) => {
    if (!pattern.includes(':')) return pattern === pathOnly
    const fixed = pattern.slice(0, pattern.indexOf(':'))
    return pathOnly === fixed.replace(/\/$/, '') || `${pathOnly}/`.startsWith(fixed)
  })
}

describe('page paths', () => {
  it('are built with href, never written out in the web app', () => {
    const written: string[] = []
    for (const file of sourceFiles(WEB)) {
      // Comments may name pages; code may not.
      const code = readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
        .join('\n')
      for (const match of code.matchAll(/['"`](\/[A-Za-z][A-Za-z0-9/_-]*(?:[?#$][^'"`]*)?)['"`]/g)) {
        if (isPagePath(match[1]!)) written.push(`${path.relative(WEB, file)}: ${match[1]}`)
      }
    }
    expect(written).toEqual([])
  })

  it('would catch a page path written out', () => {
    expect(isPagePath('/configure-cluster')).toBe(true)
    expect(isPagePath('/clusters/abc')).toBe(true)
    expect(isPagePath('/order-status/?tab=events')).toBe(true)
    expect(isPagePath('/api/clusters')).toBe(false)
    expect(isPagePath('/favicon.svg')).toBe(false)
  })
})
