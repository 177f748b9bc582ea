import {
  cloneElement,
  createContext,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useContext,
  useSyncExternalStore,
} from 'react'
import type { I18n, TFunction, TranslateOptions, TranslationKey } from './i18n.ts'

const I18nContext = createContext<I18n | null>(null)

/** Gives the tree below its reader of words (web/lib/i18n.ts). */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext value={i18n}>{children}</I18nContext>
}

/**
 * The reader's `t` and the reader itself. A component that reads words renders again when the
 * language changes, with a new `t`, so memoized texts follow.
 */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext)
  if (!i18n) throw new Error('useTranslation needs an I18nProvider above it')
  const t = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.t,
    () => i18n.t,
  )
  return { t, i18n }
}

const MARK = /<(\w+)>([\s\S]*?)<\/\1>/g

/**
 * A sentence with parts that are elements (a link in the middle of it): the string marks each
 * part as `<name>words</name>`, and `components` gives the element for each name, which receives
 * the words as its children.
 */
export function Trans({
  i18nKey,
  components,
  values,
}: {
  i18nKey: TranslationKey
  components: Record<string, ReactElement>
  values?: TranslateOptions
}) {
  const { t } = useTranslation()
  const text = t(i18nKey, values)
  const parts: ReactNode[] = []
  let from = 0
  for (const mark of text.matchAll(MARK)) {
    parts.push(text.slice(from, mark.index))
    const element = components[mark[1]!]
    parts.push(isValidElement(element) ? cloneElement(element, { key: mark.index }, mark[2]) : mark[2])
    from = mark.index + mark[0].length
  }
  parts.push(text.slice(from))
  return <>{parts}</>
}
