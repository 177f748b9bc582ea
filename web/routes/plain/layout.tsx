import { Outlet } from 'react-router'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { AuthGate } from '#web/shell/auth-gate.tsx'
import { ConsoleForMembers } from '#web/shell/console-for-members.tsx'
import { Footer } from '#web/shell/footer.tsx'
import { MAIN_CONTENT_ID, PublicHeader } from '#web/shell/public-header.tsx'

/**
 * Sign-in-required pages with the public header and footer (the "plain page layout"). The page is
 * at least a screen tall, so the footer starts below the fold and a page that grows as its data
 * arrives does not move it on screen (layout shift). An order's progress shows in the console.
 */
export default function PlainLayout() {
  const { t } = useTranslation()
  return (
    <ConsoleForMembers
      frame={
        <div className="flex min-h-screen flex-col">
          <PublicHeader />
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex min-h-screen flex-1 flex-col outline-none">
            <AuthGate loadingLabel={t('common.loading')}>
              <Outlet />
            </AuthGate>
          </main>
          <Footer />
        </div>
      }
    >
      <Outlet />
    </ConsoleForMembers>
  )
}
