import { ChevronDown, Search } from 'lucide-react'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useSiteData } from '../site-context.tsx'

/**
 * The user guide on one page: every section in order, a table of contents beside it, and a search
 * box that the docs-search island brings to life (without JavaScript the contents still link).
 */
export function DocumentationPage() {
  const { t } = useTranslation()
  const { content, language } = useSiteData()
  const sections = content.documentation[language]
  return (
    // One column on a phone (title, then the search and the contents, folded, then the guide); on
    // a wide screen the search and the contents stay in a column beside the guide.
    <div className="mx-auto grid w-full max-w-7xl gap-x-10 gap-y-8 px-4 py-12 sm:px-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:px-8">
      <header className="min-w-0 lg:col-start-2 lg:row-start-1">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('pages.documentation')}</h1>
        <p className="mt-4 max-w-2xl text-lg text-muted-foreground">{t('marketing.docs.lead')}</p>
      </header>
      <aside className="lg:sticky lg:top-20 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-y-auto">
        <div data-island="docs-search" hidden className="mb-6">
          <label htmlFor="docs-search" className="text-sm font-medium">
            {t('marketing.docs.searchLabel')}
          </label>
          <div className="relative mt-2">
            <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden="true" />
            <input
              id="docs-search"
              type="search"
              autoComplete="off"
              placeholder={t('marketing.docs.searchPlaceholder')}
              aria-describedby="docs-search-status"
              className="h-9 w-full rounded-md border bg-background pr-3 pl-8 text-sm"
            />
          </div>
          <p id="docs-search-status" role="status" className="mt-2 text-xs text-muted-foreground" />
          <ul data-search-results className="mt-2 grid gap-1 text-sm" />
        </div>
        <details className="group rounded-lg border lg:hidden" data-testid="docs-contents-folded">
          <summary className="flex cursor-pointer items-center justify-between px-3 py-2 text-sm font-semibold">
            {t('marketing.docs.contents')}
            <ChevronDown className="size-4 text-muted-foreground group-open:rotate-180" aria-hidden="true" />
          </summary>
          <Contents sections={sections} className="border-t px-1 pb-2" />
        </details>
        <div className="hidden lg:block">
          <Contents sections={sections} withHeading />
        </div>
      </aside>
      <div className="min-w-0 lg:col-start-2">
        {sections.map((section) => (
          <section
            key={section.slug}
            id={section.slug}
            aria-labelledby={`${section.slug}-title`}
            data-search-section
            className="scroll-mt-24 border-t pt-10 mt-12 first-of-type:mt-0 first-of-type:border-t-0 first-of-type:pt-0"
          >
            <h2 id={`${section.slug}-title`} className="text-2xl font-bold tracking-tight sm:text-3xl">
              {section.title}
            </h2>
            <p className="mt-2 text-muted-foreground">{section.description}</p>
            <div
              className="site-prose mt-6"
              dangerouslySetInnerHTML={{ __html: prefixHeadingIds(section.html, section.slug) }}
            />
          </section>
        ))}
      </div>
    </div>
  )
}

/** Headings of different sections may share a name: their ids carry the section's slug. */
function prefixHeadingIds(html: string, slug: string): string {
  return html.replace(/<h([23]) id="([^"]+)">/g, `<h$1 id="${slug}--$2">`)
}

type Sections = ReturnType<typeof useSiteData>['content']['documentation']['en']

/** The guide's contents: each section and its second-level headings, linked. */
function Contents({
  sections,
  withHeading = false,
  className,
}: {
  sections: Sections
  withHeading?: boolean
  className?: string
}) {
  const { t } = useTranslation()
  return (
    <nav aria-label={t('marketing.docs.contents')} className={className}>
      {withHeading && <h2 className="text-sm font-semibold">{t('marketing.docs.contents')}</h2>}
      <ol className="mt-3 grid gap-1 text-sm">
        {sections.map((section) => (
          <li key={section.slug}>
            <a href={`#${section.slug}`} className="block rounded px-2 py-1 font-medium hover:bg-accent">
              {section.title}
            </a>
            <ul className="ml-3 border-l pl-2">
              {section.headings
                .filter((heading) => heading.depth === 2)
                .map((heading) => (
                  <li key={heading.id}>
                    <a
                      href={`#${section.slug}--${heading.id}`}
                      className="block rounded px-2 py-0.5 text-muted-foreground hover:text-foreground"
                    >
                      {heading.text}
                    </a>
                  </li>
                ))}
            </ul>
          </li>
        ))}
      </ol>
    </nav>
  )
}
