import { LANGUAGES, type Language } from '#web/lib/i18n.ts'
import { type MarkdownDocument, parseMarkdown } from './markdown.ts'

/** The written pages of the site (web/content/<language>/<section>/<slug>.md), parsed. */
export type SiteContent = {
  documentation: Record<Language, MarkdownDocument[]>
  tutorials: Record<Language, MarkdownDocument[]>
  pages: Record<Language, Record<string, MarkdownDocument>>
}

const SECTIONS = ['documentation', 'tutorials', 'pages'] as const
type Section = (typeof SECTIONS)[number]

/** Reads every file once; vite inlines them at build. */
const SOURCES = import.meta.glob<string>('../../content/*/*/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
})

export function loadSiteContent(sources: Record<string, string> = SOURCES): SiteContent {
  const documents = (language: Language, section: Section) =>
    Object.entries(sources)
      .filter(([file]) => file.includes(`/content/${language}/${section}/`))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([file, source]) => parseMarkdown(slugOf(file), source))
  const byLanguage = <T>(read: (language: Language) => T) =>
    Object.fromEntries(LANGUAGES.map((language) => [language, read(language)])) as Record<Language, T>
  return {
    documentation: byLanguage((language) => documents(language, 'documentation')),
    tutorials: byLanguage((language) => documents(language, 'tutorials')),
    pages: byLanguage((language) =>
      Object.fromEntries(documents(language, 'pages').map((document) => [document.slug, document])),
    ),
  }
}

/** `01-getting-started.md` → `getting-started`: the order prefix only sorts. */
function slugOf(file: string): string {
  const name = file.split('/').pop() ?? file
  return name.replace(/\.md$/, '').replace(/^\d+-/, '')
}

/** The document of a language, or the English one while a translation is missing. */
export function pageDocument(content: SiteContent, language: Language, slug: string): MarkdownDocument {
  const document = content.pages[language][slug] ?? content.pages.en[slug]
  if (!document) throw new Error(`web/content/en/pages/${slug}.md is missing`)
  return document
}
