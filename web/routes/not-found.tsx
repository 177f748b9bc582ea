import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import { usePageTitle } from '#web/components/layout/page-title.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/not-found.ts'

/**
 * Any path the product does not have, and a known page asked for something it does not have (an
 * unknown tutorial or cluster type): the title says so too. The server answers these paths 404.
 */
export default function NotFoundScreen() {
  const { t } = useTranslation()
  usePageTitle(t('pages.notFound'))
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-start justify-center gap-4 px-6">
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="text-3xl font-semibold tracking-tight">{t('pages.notFound')}</h1>
      <p className="text-muted-foreground">{t('notFound.message')}</p>
      <Link to={href('home')} className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground">
        {t('common.backHome')}
      </Link>
    </main>
  )
}
