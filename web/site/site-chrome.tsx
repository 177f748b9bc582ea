import { QueryClientProvider } from '@tanstack/react-query'
import { Tooltip } from 'radix-ui'
import type { ReactNode } from 'react'
import { StaticRouter } from 'react-router'
import { Toaster } from '#web/components/ui/toaster.tsx'
import { userQueryOptions } from '#web/lib/current-user.ts'
import type { Language } from '#web/lib/i18n.ts'
import { PreferencesProvider } from '#web/lib/preferences/preferences-provider.tsx'
import { createQueryClient } from '#web/lib/query-client.ts'
import { I18nProvider } from '#web/lib/use-translation.tsx'
import { Footer } from '#web/shell/footer.tsx'
import { PromoBar } from '#web/shell/promo-bar.tsx'
import { MAIN_CONTENT_ID, PublicHeader, SkipLink } from '#web/shell/public-header.tsx'
import { siteI18n } from './site-i18n.ts'

/** Ids the islands find the chrome by (web/site/islands). */
export const CHROME_IDS = { header: 'site-header', toasts: 'site-toasts' } as const

/**
 * The public layout of a static page, drawn by the app's own header, promo bar and footer in
 * their first render (signed out, default preferences): the islands add the behaviour.
 */
export function SiteChrome({
  language,
  path,
  children,
}: {
  language: Language
  path: string
  children: ReactNode
}) {
  return (
    <SiteProviders language={language} path={path}>
      <div className="flex min-h-screen flex-col">
        <SkipLink />
        <div id={CHROME_IDS.header}>
          <PromoBar />
          <PublicHeader withSkipLink={false} />
        </div>
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
        <Footer />
      </div>
      <div id={CHROME_IDS.toasts}>
        <Toaster />
      </div>
    </SiteProviders>
  )
}

function SiteProviders({
  language,
  path,
  children,
}: {
  language: Language
  path: string
  children: ReactNode
}) {
  // Built for a visitor: no session, so the header offers Sign In (the islands swap in the
  // signed-in header when there is one).
  const queryClient = createQueryClient()
  // No garbage-collection timers: they would keep the build process alive for 30 minutes.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, gcTime: Number.POSITIVE_INFINITY },
  })
  queryClient.setQueryData(userQueryOptions.queryKey, null)
  return (
    <StaticRouter location={path}>
      <QueryClientProvider client={queryClient}>
        <I18nProvider i18n={siteI18n(language)}>
          <PreferencesProvider>
            <Tooltip.Provider>{children}</Tooltip.Provider>
          </PreferencesProvider>
        </I18nProvider>
      </QueryClientProvider>
    </StaticRouter>
  )
}
