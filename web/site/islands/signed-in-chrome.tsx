import { QueryClientProvider } from '@tanstack/react-query'
import { Tooltip } from 'radix-ui'
import { createRoot } from 'react-dom/client'
import { createPath, Router, type To } from 'react-router'
import type { Language } from '#common/language.ts'
import type { User } from '#common/schemas/auth.ts'
import { Toaster } from '#web/components/ui/toaster.tsx'
import { useLogoutFromOtherTabs } from '#web/features/auth/api/logout.ts'
import { userQueryOptions } from '#web/lib/current-user.ts'
import { createI18n } from '#web/lib/i18n.ts'
import { PreferencesProvider } from '#web/lib/preferences/preferences-provider.tsx'
import { createQueryClient } from '#web/lib/query-client.ts'
import { I18nProvider } from '#web/lib/use-translation.tsx'
import { EmailVerificationModal } from '#web/shell/email-verification-modal.tsx'
import { PromoBar } from '#web/shell/promo-bar.tsx'
import { PublicHeader } from '#web/shell/public-header.tsx'
import { CHROME_IDS } from '../site-chrome.tsx'

const hrefOf = (to: To) => (typeof to === 'string' ? to : createPath(to))

/** Links and redirects of the app's header leave the static page for a new document. */
const documentNavigator = {
  createHref: hrefOf,
  push: (to: To) => window.location.assign(hrefOf(to)),
  replace: (to: To) => window.location.replace(hrefOf(to)),
  go: (delta: number) => window.history.go(delta),
}

/**
 * For a signed-in person the static page's header becomes the app's own (bell, Dashboard,
 * avatar menu, signed-in floating menu, email verification): loaded only for them, so a
 * visitor's page carries none of it.
 */
export async function mountSignedInChrome(user: User, language: Language): Promise<void> {
  const header = document.getElementById(CHROME_IDS.header)
  const toasts = document.getElementById(CHROME_IDS.toasts)
  if (!header || !toasts) return
  const queryClient = createQueryClient()
  queryClient.setQueryData(userQueryOptions.queryKey, user)
  const i18n = createI18n()
  // Another language's strings are fetched first: the header appears in the page's language.
  await i18n.changeLanguage(language)
  const location = `${window.location.pathname}${window.location.search}`
  const wrap = (children: React.ReactNode) => (
    <Router location={location} navigator={documentNavigator}>
      <QueryClientProvider client={queryClient}>
        <I18nProvider i18n={i18n}>
          <PreferencesProvider>
            <Tooltip.Provider>{children}</Tooltip.Provider>
          </PreferencesProvider>
        </I18nProvider>
      </QueryClientProvider>
    </Router>
  )
  header.replaceChildren()
  toasts.replaceChildren()
  createRoot(header).render(
    wrap(
      <>
        <PromoBar />
        <PublicHeader withSkipLink={false} />
      </>,
    ),
  )
  createRoot(toasts).render(
    wrap(
      <>
        <LogoutFromOtherTabs />
        <EmailVerificationModal />
        <Toaster />
      </>,
    ),
  )
}

function LogoutFromOtherTabs() {
  useLogoutFromOtherTabs()
  return null
}
