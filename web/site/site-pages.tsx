import type { ReactNode } from 'react'
import { href } from '#common/routes.ts'
import type { Catalog } from '#common/schemas/catalog.ts'
import type { Language, TFunction } from '#web/lib/i18n.ts'
import { CLUSTER_TYPE_ALIASES, CLUSTER_TYPE_SLUGS } from '#web/lib/paths.ts'
import type { Messages } from '#web/locales/en.ts'
import type { SiteContent } from './content/site-content.ts'
import { ClusterTypePage } from './pages/cluster-type-page.tsx'
import { DocumentationPage } from './pages/documentation-page.tsx'
import { HomePage } from './pages/home-page.tsx'
import { MarkdownPage } from './pages/markdown-page.tsx'
import { PricingPage } from './pages/pricing-page.tsx'
import { TutorialPage, TutorialsPage } from './pages/tutorials-page.tsx'

/** One static page in one language: where it is served, what it says about itself, its body. */
export type SitePage = {
  path: string
  /** The page search engines should index: an alias names the page it duplicates. */
  canonicalPath: string
  title: string
  description: string
  body: ReactNode
}

/** The written pages and the path each is served at (/privacy repeats /privacy-policy). */
const MARKDOWN_PAGES: { path: string; slug: string; canonicalPath?: string }[] = [
  { path: href('faq'), slug: 'faq' },
  { path: href('about'), slug: 'about' },
  { path: href('careers'), slug: 'careers' },
  { path: href('caseStudies'), slug: 'case-studies' },
  { path: href('privacyPolicy'), slug: 'privacy-policy' },
  { path: href('privacy'), slug: 'privacy-policy', canonicalPath: href('privacyPolicy') },
  { path: href('terms'), slug: 'terms' },
]

/** Every static page of the site in a language (paths from the route table, web/lib/paths.ts). */
export function sitePages(
  t: TFunction,
  language: Language,
  catalog: Catalog,
  content: SiteContent,
): SitePage[] {
  const description = (key: Exclude<keyof Messages['marketing']['descriptions'], 'clusterType'>) =>
    t(`marketing.descriptions.${key}`)
  const clusterTypePages = [
    ...CLUSTER_TYPE_SLUGS.map((slug) => ({ path: href('clusterType', { type: slug }), slug })),
    ...Object.entries(CLUSTER_TYPE_ALIASES).map(([path, slug]) => ({ path, slug })),
  ].map(({ path, slug }): SitePage => {
    const type = catalog.clusterTypes.find((candidate) => candidate.id === slug)
    if (!type) throw new Error(`the catalog has no cluster type ${slug}`)
    const name = t(`common.clusterTypes.${slug}`)
    return {
      path,
      canonicalPath: href('clusterType', { type: slug }),
      title: t('marketing.clusterTypeTitle', { name }),
      description: t('marketing.descriptions.clusterType', { name }),
      body: <ClusterTypePage slug={slug} />,
    }
  })
  const tutorials = content.tutorials[language]
  return [
    {
      path: href('home'),
      canonicalPath: href('home'),
      title: 'Clusterdeck',
      description: description('home'),
      body: <HomePage />,
    },
    {
      path: href('pricing'),
      canonicalPath: href('pricing'),
      title: t('pages.pricing'),
      description: description('pricing'),
      body: <PricingPage />,
    },
    ...clusterTypePages,
    {
      path: href('documentation'),
      canonicalPath: href('documentation'),
      title: t('pages.documentation'),
      description: description('documentation'),
      body: <DocumentationPage />,
    },
    {
      path: href('tutorials'),
      canonicalPath: href('tutorials'),
      title: t('pages.tutorials'),
      description: description('tutorials'),
      body: <TutorialsPage />,
    },
    ...tutorials.map(
      (tutorial): SitePage => ({
        path: href('tutorial', { slug: tutorial.slug }),
        canonicalPath: href('tutorial', { slug: tutorial.slug }),
        title: tutorial.title,
        description: tutorial.description,
        body: <TutorialPage slug={tutorial.slug} />,
      }),
    ),
    ...MARKDOWN_PAGES.flatMap(({ path, slug, canonicalPath }): SitePage[] => {
      const document = content.pages[language][slug] ?? content.pages.en[slug]
      if (!document) return []
      return [
        {
          path,
          canonicalPath: canonicalPath ?? path,
          title: document.title,
          description: document.description,
          body: <MarkdownPage slug={slug} />,
        },
      ]
    }),
  ]
}
