import { Outlet } from 'react-router'
import { ConsoleForMembers } from '#web/shell/console-for-members.tsx'
import { Footer } from '#web/shell/footer.tsx'
import { PromoBar } from '#web/shell/promo-bar.tsx'
import { MAIN_CONTENT_ID, PublicHeader, SkipLink } from '#web/shell/public-header.tsx'

/**
 * Public pages: promo bar, header, the page, footer. The page is at least a screen tall, so the
 * footer starts below the fold and a page that grows as its data arrives does not move it on
 * screen (layout shift). A member opening a new ticket sees it in the console.
 */
export default function PublicLayout() {
  return (
    <ConsoleForMembers
      frame={
        <div className="flex min-h-screen flex-col">
          <SkipLink />
          <PromoBar />
          <PublicHeader withSkipLink={false} />
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-screen flex-1 outline-none">
            <Outlet />
          </main>
          <Footer />
        </div>
      }
    >
      <Outlet />
    </ConsoleForMembers>
  )
}
