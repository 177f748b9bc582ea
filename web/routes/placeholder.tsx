import { useLocation } from 'react-router'
import { pageFor } from '#web/lib/paths.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'

/** A screen whose content belongs to a later capability: its title and a short note. */
export default function PlaceholderScreen() {
  const { t } = useTranslation()
  const page = pageFor(useLocation().pathname)
  const title = page ? t(page.title) : t('common.appName')
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-3 text-muted-foreground">{t('common.comingSoon')}</p>
    </section>
  )
}
