import { ArrowRight, Clock } from 'lucide-react'
import { href } from '#common/routes.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useSiteData } from '../site-context.tsx'

/** The tutorials index: each tutorial's title, summary, level and time. */
export function TutorialsPage() {
  const { t } = useTranslation()
  const { content, language } = useSiteData()
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('pages.tutorials')}</h1>
      <p className="mt-4 max-w-2xl text-lg text-muted-foreground">{t('marketing.tutorials.lead')}</p>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2">
        {content.tutorials[language].map((tutorial) => (
          <li key={tutorial.slug}>
            <a
              href={href('tutorial', { slug: tutorial.slug })}
              className="group flex h-full flex-col rounded-xl border bg-card p-5 shadow-sm transition hover:border-primary/40 hover:shadow-md"
            >
              <span className="flex items-center gap-2 text-xs text-muted-foreground">
                <span className="rounded-full border px-2 py-0.5 font-medium">
                  {t(`marketing.tutorials.levels.${tutorialLevel(tutorial.meta.level)}`)}
                </span>
                <Clock className="size-3.5" aria-hidden="true" />
                {t('marketing.tutorials.minutes', { count: Number(tutorial.meta.minutes ?? 15) })}
              </span>
              <span className="mt-3 font-semibold">{tutorial.title}</span>
              <span className="mt-1.5 flex-1 text-sm leading-6 text-muted-foreground">
                {tutorial.meta.summary ?? tutorial.description}
              </span>
              <ArrowRight
                className="mt-4 size-4 text-muted-foreground transition group-hover:translate-x-0.5 group-hover:text-primary"
                aria-hidden="true"
              />
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** One tutorial: its steps, with the sections listed beside them. */
export function TutorialPage({ slug }: { slug: string }) {
  const { t } = useTranslation()
  const { content, language } = useSiteData()
  const tutorial = content.tutorials[language].find((candidate) => candidate.slug === slug)
  if (!tutorial) throw new Error(`no tutorial ${slug} in ${language}`)
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,1fr)_14rem]">
      <article className="min-w-0">
        <nav aria-label={t('marketing.tutorials.breadcrumb')} className="text-sm text-muted-foreground">
          <a href={href('tutorials')} className="hover:text-foreground">
            {t('pages.tutorials')}
          </a>
        </nav>
        <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{tutorial.title}</h1>
        <p className="mt-4 text-lg text-muted-foreground">{tutorial.description}</p>
        <p className="mt-4 flex items-center gap-2 text-sm text-muted-foreground">
          <span className="rounded-full border px-2 py-0.5 font-medium">
            {t(`marketing.tutorials.levels.${tutorialLevel(tutorial.meta.level)}`)}
          </span>
          <Clock className="size-4" aria-hidden="true" />
          {t('marketing.tutorials.minutes', { count: Number(tutorial.meta.minutes ?? 15) })}
        </p>
        <div className="site-prose mt-10" dangerouslySetInnerHTML={{ __html: tutorial.html }} />
      </article>
      <nav
        aria-label={t('marketing.docs.onThisPage')}
        className="hidden lg:block lg:sticky lg:top-20 lg:self-start"
      >
        <h2 className="text-sm font-semibold">{t('marketing.docs.onThisPage')}</h2>
        <ul className="mt-3 grid gap-1 text-sm">
          {tutorial.headings
            .filter((heading) => heading.depth === 2)
            .map((heading) => (
              <li key={heading.id}>
                <a href={`#${heading.id}`} className="block text-muted-foreground hover:text-foreground">
                  {heading.text}
                </a>
              </li>
            ))}
        </ul>
      </nav>
    </div>
  )
}

const TUTORIAL_LEVELS = ['beginner', 'intermediate', 'advanced'] as const

/** A tutorial's level from its front matter; beginner when it names none the site knows. */
function tutorialLevel(level: string | undefined): (typeof TUTORIAL_LEVELS)[number] {
  return TUTORIAL_LEVELS.find((known) => known === level) ?? 'beginner'
}
