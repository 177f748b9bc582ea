import { readdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { CREDIT_NOTE_TEXTS } from '../../../common/credit-note-texts.ts'
import { seedCatalog } from '../../../scripts/site-catalog.ts'
import { en } from '../../../web/locales/en.ts'
import { fr } from '../../../web/locales/fr.ts'

/**
 * What a French page must not show, built from the product's own words rather than a word list:
 * every English string of the interface whose French differs, every English catalog text whose
 * French differs, the raw values of the product's enumerations, and numbers, amounts and dates
 * written the English way.
 */
export type EnglishLeaks = {
  /** Texts equal to an English-only string (placeholders matched by anything). */
  strings: string[]
  /** Raw enumeration values shown as a text of their own ("simulated", "pending_approval"). */
  enumValues: string[]
  /** Amounts, percentages and dates in the English way ("€1,973.92", "99.95 %", "27 October"). */
  formats: string[]
}

type Tree = { [key: string]: string | Tree }

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') flat.set(name, value)
    else for (const [inner, text] of flatten(value, name)) flat.set(inner, text)
  }
  return flat
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The English strings the interface shows where its French differs: exact texts and patterns. */
function englishOnlyStrings(extra: readonly (readonly [string, string])[]) {
  const english = flatten(en as unknown as Tree)
  const french = flatten(fr as unknown as Tree)
  // A text the French strings use somewhere is French too ("Marketplace", "Newsletter").
  const frenchTexts = new Set([...french.values(), ...extra.map(([, text]) => text)].map(normalise))
  const exact = new Set<string>()
  const patterns: RegExp[] = []
  const pairs = [...[...english].map(([key, text]) => [text, french.get(key) ?? ''] as const), ...extra]
  for (const [englishText, frenchText] of pairs) {
    const text = normalise(englishText)
    if (text === normalise(frenchText) || frenchTexts.has(text) || !/[A-Za-z]{2}/.test(text)) continue
    if (!text.includes('{{') && !text.includes('<')) {
      exact.add(text)
      continue
    }
    // Placeholders stand for anything; markup of <Trans> strings is not in the shown text.
    const literal = text.replace(/<\/?\d+>/g, '')
    const parts = literal.split(/\{\{[^}]+\}\}/).map(escapeRegExp)
    // A pattern of placeholders and a single word would match French texts too ("{{name}} clusters").
    const words = literal.replace(/\{\{[^}]+\}\}/g, ' ').match(/[A-Za-z]{2,}/g) ?? []
    if (words.length < 2) continue
    patterns.push(new RegExp(`^${parts.join('.+?')}$`, 's'))
  }
  const frenchWords = new Set(
    [...frenchTexts].flatMap((text) => text.toLowerCase().match(/[\p{L}\d_]+/gu) ?? []),
  )
  return { exact, patterns, frenchWords }
}

/**
 * The raw values of every enumeration the shared code declares (lower case words, snake_case),
 * but for the words French also uses ("support", "message").
 */
async function rawEnumValues(frenchWords: Set<string>): Promise<Set<string>> {
  const values = new Set<string>()
  const folders = ['common', 'common/schemas']
  for (const folder of folders) {
    const directory = path.resolve(import.meta.dirname, '../../..', folder)
    for (const file of readdirSync(directory)) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue
      const module = (await import(path.join(directory, file))) as Record<string, unknown>
      for (const [name, value] of Object.entries(module)) {
        if (!/^[A-Z][A-Z_]+$/.test(name) || !Array.isArray(value)) continue
        for (const item of value)
          if (
            typeof item === 'string' &&
            /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/.test(item) &&
            item.length > 3 &&
            !frenchWords.has(item)
          )
            values.add(item)
      }
    }
  }
  return values
}

const ENGLISH_FORMATS: RegExp[] = [
  // A currency symbol before the digits, a decimal point before one after, English thousands:
  // "€1,973.92", "$79", "7.40 €", "1,973.92" (a French "0,136" is a decimal, so a comma alone is not).
  /[€$£] ?\d[\d,.]*/g,
  /\b\d+\.\d{2}\s?[€$£]/g,
  /\b[1-9]\d{0,2}(?:,\d{3})+\.\d+\b/g,
  // A decimal point in a percentage: "99.95 %", "12.5%".
  /\b\d+\.\d+\s?%/g,
  // English month and day names next to a number: "27 October 2026", "Nov 27".
  /\b\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|December)\b/g,
  /\b(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec) \d{1,2}\b/g,
  /\b\d{1,2}:\d{2}\s?(?:AM|PM)\b/g,
  // English units of memory and storage: French writes Gio and Go ("80GB" in a GPU's model name
  // is the model's).
  /\b\d+(?:[.,]\d+)?\s?(?:GiB|MiB|TiB)\b/g,
  /\b\d+(?:[.,]\d+)?\s(?:GB|MB|TB)\b/g,
]

export type FrenchChecker = (page: Page) => Promise<EnglishLeaks>

/**
 * A checker of the page shown: it reads each element's own text (the element holds a text of its
 * own), leaving out what the page marks as not to be translated (`translate="no"`: names, codes,
 * commands) and code.
 */
export async function frenchChecker(
  catalogPairs: readonly (readonly [string, string])[] = [],
): Promise<FrenchChecker> {
  const { exact, patterns, frenchWords } = englishOnlyStrings(catalogPairs)
  const enums = await rawEnumValues(frenchWords)
  // A sentence of four words or more is English inside a longer text too.
  const sentences = [...exact].filter((text) => text.split(' ').length >= 4)
  return async (page) => {
    const texts = await page.evaluate(() => {
      const found: string[] = []
      for (const element of document.body.querySelectorAll('*')) {
        if (element.closest('[translate="no"], code, pre, kbd, samp, script, style, noscript')) continue
        const ownText = [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
        )
        if (!ownText || !element.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
          continue
        // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, hidden parts left out
        found.push(element instanceof HTMLElement ? element.innerText : (element.textContent ?? ''))
      }
      return found
    })
    const shown = texts.map(normalise).filter(Boolean)
    const strings = shown.filter(
      (text) =>
        exact.has(text) ||
        patterns.some((pattern) => pattern.test(text)) ||
        sentences.some((sentence) => text.includes(sentence)),
    )
    const enumValues = shown.filter((text) => enums.has(text))
    const whole = shown.join('\n')
    const formats = ENGLISH_FORMATS.flatMap((format) => whole.match(format) ?? [])
    return {
      strings: [...new Set(strings)],
      enumValues: [...new Set(enumValues)],
      formats: [...new Set(formats)],
    }
  }
}

/**
 * The catalog's texts as (English, French) pairs, from the seeded catalog: each field that has a
 * French version (lists item by item), the names that stay the same in French, and the countries
 * as the French locale names them.
 */
export function catalogTextPairs(): Array<readonly [string, string]> {
  const catalog = seedCatalog()
  const pairs: Array<readonly [string, string]> = []
  const rows = [
    ...catalog.clusterTypes,
    ...catalog.dataCenters,
    ...catalog.nodeFlavors,
    ...catalog.addOns,
    ...catalog.middlewareProducts,
    ...catalog.supportPlans,
  ] as Array<Record<string, unknown> & { name: string; french?: Record<string, string | string[]> }>
  for (const row of rows) {
    pairs.push([row.name, typeof row.french?.name === 'string' ? row.french.name : row.name])
    const { sheet, ...fields } = (row.french ?? {}) as Record<string, string | string[]> & {
      sheet?: Record<string, string>
    }
    // A product sheet's texts, each under its English text.
    for (const [english, french] of Object.entries(sheet ?? {})) pairs.push([english, french])
    for (const [field, french] of Object.entries(fields)) {
      const english = row[field]
      if (typeof english === 'string' && typeof french === 'string') pairs.push([english, french])
      if (Array.isArray(english) && Array.isArray(french))
        for (const [index, text] of english.entries()) pairs.push([String(text), String(french[index] ?? '')])
    }
  }
  // The notes the product writes on credits are read in French too.
  for (const { note, noteFrench } of Object.values(CREDIT_NOTE_TEXTS)) pairs.push([note, noteFrench])
  const regions = new Intl.DisplayNames(['fr'], { type: 'region' })
  for (const center of catalog.dataCenters) pairs.push([center.country, regions.of(center.countryCode) ?? ''])
  return pairs
}
