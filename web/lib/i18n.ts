import type { Language } from '#common/language.ts'
import { common } from '../locales/en/common.ts'
import { pages } from '../locales/en/pages.ts'
import type { Messages } from '../locales/en.ts'
import type { MessageKey } from './i18n-keys.ts'

export { LANGUAGES, type Language } from '#common/language.ts'

/**
 * The interface's words: each key of the string files (`web/locales/<language>/…`) read in the
 * reader's language, English when that language lacks it. The app's own small reader rather than
 * i18next (docs/decisions/036): the strings use `{{name}}` placeholders, `_one`/`_other` plural
 * forms and `<name>…</name>` marks for links (web/lib/use-translation.tsx), nothing more, and a
 * reader of that much is some 1 KiB where i18next with its React binding was 19 KiB of every
 * screen's first load.
 */

/** A key as code reads it: plural forms are read through their base key with a `count`. */
export type TranslationKey = MessageKey extends infer Key
  ? Key extends `${infer Base}_${'one' | 'other'}`
    ? Base
    : Key
  : never

export type TranslateOptions = {
  /** Picks the plural form (`key_one`, `key_other`) and fills `{{count}}`. */
  count?: number
  /** What to show when no language has the key (a text from the server, say): no error then. */
  defaultValue?: string
  [placeholder: string]: unknown
}

/**
 * Reads a key. A key made at run time (from a server's reason code, say) is a plain string and
 * must say what to show when no language has it.
 */
export type TFunction = {
  (key: TranslationKey | MessageKey, options?: TranslateOptions): string
  (key: string, options: TranslateOptions & { defaultValue: string }): string
}

type Strings = { [key: string]: string | Strings }

/**
 * The English strings the loaded code reads. Each area's strings come with the code that reads
 * them: a module that uses `t('clusters.…')` imports web/lib/strings/clusters.ts, which registers
 * them here (strings-imports.test.ts holds every module to it). A screen thus carries the strings
 * of its own areas, not those of the whole console. The page titles and the common words are read
 * everywhere (the route table names the titles): they are always here.
 */
const registered: Partial<Messages> = { common, pages }

export function registerStrings(strings: Partial<Messages>): void {
  Object.assign(registered, strings)
}

/**
 * The strings of a language other than English, fetched when someone first reads it: a page
 * carries English (the fallback of every key) and no other language it does not show.
 */
const LATER_LANGUAGES: Record<Exclude<Language, 'en'>, () => Promise<Messages>> = {
  fr: () => import('../locales/fr.ts').then((module) => module.fr),
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g

/**
 * Fills `{{name}}` placeholders in one pass, so a value that itself reads `{{x}}` stays as it is.
 * A placeholder without a value stays too; one given as null or undefined becomes empty.
 */
export function fillPlaceholders(text: string, values: Record<string, unknown>): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name] ?? '') : placeholder,
  )
}

function lookUp(strings: Strings | undefined, key: string): string | undefined {
  let node: Strings | string | undefined = strings
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined
    node = node[part]
  }
  return typeof node === 'string' ? node : undefined
}

const pluralRules = new Map<string, Intl.PluralRules>()
function pluralForm(language: Language, count: number): string {
  let rules = pluralRules.get(language)
  if (!rules) {
    rules = new Intl.PluralRules(language)
    pluralRules.set(language, rules)
  }
  return rules.select(count)
}

type LanguageListener = (language: Language) => void

/**
 * The words of one reader: the app has one, a static page's build one per language. English is
 * there as far as the loaded code registered it; another language is fetched the first time the
 * reader changes to it (`await i18n.changeLanguage('fr')`), and the language changes once its
 * strings are here, so no key flashes. Code that renders at once in another language — the static
 * pages at build time, tests — passes its strings in `bundled`. A key found in no language is a
 * console error: the browser tests fail on it, so a module that forgot its area's strings cannot
 * pass unnoticed.
 */
export class I18n {
  language: Language
  private readonly strings: Partial<Record<Language, Strings>>
  private readonly listeners = new Set<LanguageListener>()
  private changingTo: Language | undefined

  constructor(language: Language, bundled: Partial<Record<Language, Partial<Messages>>>) {
    this.strings = { ...(bundled as Partial<Record<Language, Strings>>) }
    this.language = language in this.strings || language === 'en' ? language : 'en'
    if (this.language !== language) void this.changeLanguage(language)
  }

  /** Reads a key in the current language; `t` keeps its identity until the language changes. */
  t: TFunction = this.newT()

  private newT(): TFunction {
    return (key: string, options?: TranslateOptions) => this.translate(key, options)
  }

  private translate(key: string, options: TranslateOptions = {}): string {
    const forms =
      options.count === undefined
        ? [key]
        : [`${key}_${pluralForm(this.language, options.count)}`, `${key}_other`, key]
    for (const strings of this.lookupOrder())
      for (const form of forms) {
        const text = lookUp(strings, form)
        if (text !== undefined) return fillPlaceholders(text, options)
      }
    if (options.defaultValue !== undefined) return fillPlaceholders(options.defaultValue, options)
    console.error(`No string for the key ${key}`)
    return key
  }

  /** Where a key is looked for: the language's strings, then English (as given, then as registered). */
  private lookupOrder(): (Strings | undefined)[] {
    const english = [this.strings.en, registered as Strings]
    return this.language === 'en' ? english : [this.strings[this.language], ...english]
  }

  async changeLanguage(language: Language): Promise<void> {
    this.changingTo = language
    if (language !== 'en' && !this.strings[language]) {
      const load = LATER_LANGUAGES[language]
      try {
        this.strings[language] = (await load()) as unknown as Strings
      } catch (error) {
        // The page stays in the language it shows; choosing the language again fetches again.
        console.warn(`The ${language} strings could not be loaded`, error)
        return
      }
    }
    if (this.changingTo !== language || this.language === language) return
    this.language = language
    this.t = this.newT()
    for (const listener of this.listeners) listener(language)
  }

  /** Calls `changed` with the new language after each change; returns the way to stop. */
  subscribe = (changed: LanguageListener): (() => void) => {
    this.listeners.add(changed)
    return () => {
      this.listeners.delete(changed)
    }
  }
}

export function createI18n(
  language: Language = 'en',
  bundled: Partial<Record<Language, Partial<Messages>>> = {},
): I18n {
  return new I18n(language, bundled)
}
