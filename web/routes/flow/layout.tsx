import { useTranslation } from '#web/lib/use-translation.tsx'
import { AuthGate } from '#web/shell/auth-gate.tsx'
import { Footer } from '#web/shell/footer.tsx'
import { MAIN_CONTENT_ID, PublicHeader } from '#web/shell/public-header.tsx'
import { SlideTransition } from '#web/shell/slide-transition.tsx'

/**
 * The configuration flow (configure, then provisioning): sign-in required, with the public header
 * and footer, and pages that slide when moving between the two steps. The page is at least a screen tall, so the footer starts below the fold and a page that grows as
 * its data arrives does not move it on screen (layout shift).
 */
export default function FlowLayout() {
  const { t } = useTranslation()
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader />
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex min-h-screen flex-1 flex-col overflow-x-clip outline-none"
      >
        <AuthGate loadingLabel={t('common.loadingConfiguration')}>
          <SlideTransition />
        </AuthGate>
      </main>
      <Footer />
    </div>
  )
}
