import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { twMerge } from 'tailwind-merge'
import { describe, expect, it } from 'vitest'
import { cn } from './cn.ts'

/**
 * `cn` merges with the class groups the web app uses, not tailwind-merge's whole default config:
 * for every two classes written in the web app's modules that share their modifiers (`hover:`,
 * `sm:`…), in either order, it must give what the default config gives. A class of a group
 * missing from web/lib/class-groups.ts fails here with the pair that tells which.
 */

const SOURCES = execFileSync('git', ['ls-files', 'web/*.ts', 'web/*.tsx'], { encoding: 'utf8' })
  .split('\n')
  .filter(
    (file) =>
      file !== '' &&
      !/\.test\.tsx?$/.test(file) &&
      !file.startsWith('web/locales/') &&
      // The groups' own file names groups and values, not classes.
      file !== 'web/lib/class-groups.ts',
  )
const STRING = /(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g
const WORD = /^!?[a-z@*[(-][\w\-:./[\]()%#,!*&>=+'@]*$/

/** A class's modifiers (what comes before its last `:` outside brackets), with `!` if important. */
function modifiersOf(name: string): string {
  let depth = 0
  let cut = -1
  for (const [index, character] of [...name].entries()) {
    if (character === '[' || character === '(') depth += 1
    else if (character === ']' || character === ')') depth -= 1
    else if (character === ':' && depth === 0) cut = index
  }
  return `${name.slice(0, cut + 1)}${name.slice(cut + 1).startsWith('!') ? '!' : ''}`
}

/** The Tailwind classes written in the web app (the words the default config knows), by modifiers. */
function classesByModifiers(): Map<string, string[]> {
  const names = new Set<string>()
  for (const file of SOURCES)
    for (const literal of readFileSync(file, 'utf8').matchAll(STRING))
      for (const word of literal[2]!.split(/\s+/))
        if (WORD.test(word) && !word.includes('${') && twMerge(`${word} ${word}`) === word) names.add(word)
  const byModifiers = new Map<string, string[]>()
  for (const name of names)
    byModifiers.set(modifiersOf(name), [...(byModifiers.get(modifiersOf(name)) ?? []), name])
  return byModifiers
}

describe('cn', () => {
  it('merges as the default config does, over every pair of the classes the web app writes', () => {
    const classes = classesByModifiers()
    const all = [...classes.values()].flat()
    expect(all.length).toBeGreaterThan(500)
    expect(all).toEqual(expect.arrayContaining(['px-3', 'hover:bg-accent', 'text-sm', 'text-primary']))
    const differing: string[] = []
    for (const names of classes.values())
      for (const first of names)
        for (const second of names) {
          if (first === second) continue
          const pair = `${first} ${second}`
          const [expected, merged] = [twMerge(pair), cn(pair)]
          if (merged !== expected) differing.push(`${pair} → ${expected}, not ${merged}`)
        }
    expect(differing.slice(0, 20)).toEqual([])
    // About 400,000 pairs, merged twice each: seconds on a quiet machine, more on a busy one.
  }, 180_000)

  it('keeps the later class of a group and what belongs to no group', () => {
    expect(cn('px-3 py-2', 'px-4')).toBe('py-2 px-4')
    expect(cn('p-2', 'px-4')).toBe('p-2 px-4')
    expect(cn('px-4', 'p-2')).toBe('p-2')
    expect(cn('size-4', 'h-6')).toBe('size-4 h-6')
    expect(cn('text-sm text-muted-foreground', 'text-base text-primary')).toBe('text-base text-primary')
    expect(cn('hover:bg-accent', 'hover:bg-muted', 'bg-card')).toBe('hover:bg-muted bg-card')
    expect(cn('border border-dashed', 'border-destructive')).toBe('border border-dashed border-destructive')
    expect(cn('flex', false, undefined, 'hidden', 'my-class')).toBe('hidden my-class')
  })
})
