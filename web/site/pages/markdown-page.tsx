import { pageDocument } from '../content/site-content.ts'
import { useSiteData } from '../site-context.tsx'

/** A written page (FAQ, about, careers, case studies, legal): its title, then its Markdown. */
export function MarkdownPage({ slug }: { slug: string }) {
  const { content, language } = useSiteData()
  const document = pageDocument(content, language, slug)
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{document.title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{document.description}</p>
      <div className="site-prose mt-10" dangerouslySetInnerHTML={{ __html: document.html }} />
    </article>
  )
}
