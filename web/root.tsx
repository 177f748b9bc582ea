import { QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router'
import { account } from '#common/contract/account.ts'
import { THEME_BOOT_SCRIPT } from '#common/theme-script.ts'
import { PREPARE_INTL_SCRIPT } from '#web/lib/prepare-formats.ts'
import { I18nProvider } from '#web/lib/use-translation.tsx'
import { AppProviders } from '#web/shell/app-providers.tsx'
import { LogoMark } from './components/layout/logo.tsx'
import { PageTitleProvider } from './components/layout/page-title.tsx'
import { urlOf } from './lib/api/call.ts'
import { createI18n } from './lib/i18n.ts'
import { createQueryClient } from './lib/query-client.ts'
import './app.css'

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Who is signed in is asked while the scripts load, not after them: the app's first
            request for it takes this answer (same address, same credentials). */}
        <link rel="preload" href={urlOf(account.get)} as="fetch" crossOrigin="use-credentials" />
        <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  const [queryClient] = useState(createQueryClient)
  const [i18n] = useState(() => createI18n())
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <AppProviders>
          <PageTitleProvider>
            <Outlet />
          </PageTitleProvider>
        </AppProviders>
      </I18nProvider>
    </QueryClientProvider>
  )
}

/**
 * Shown while the single-page app loads on a page that is not prerendered: the mark paints at
 * once (a first paint a visitor sees, in no language), the spinner says the rest is coming, and
 * Intl loads its data meanwhile (PREPARE_INTL_SCRIPT).
 */
export function HydrateFallback() {
  return (
    <div
      className="flex min-h-screen flex-col items-center justify-center gap-4"
      role="status"
      aria-live="polite"
    >
      <LogoMark className="size-10" />
      <span
        className="size-8 animate-spin rounded-full border-4 border-primary border-t-transparent"
        aria-hidden="true"
      />
      <span className="sr-only">Loading...</span>
      <script dangerouslySetInnerHTML={{ __html: PREPARE_INTL_SCRIPT }} />
    </div>
  )
}

export function ErrorBoundary({ error }: { error: unknown }) {
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong'
  return (
    <main className="mx-auto max-w-xl p-8">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-muted-foreground">
        Please reload the page. If it keeps happening, contact support.
      </p>
      <a className="mt-4 inline-block text-primary underline" href="/">
        Back to the home page
      </a>
    </main>
  )
}
