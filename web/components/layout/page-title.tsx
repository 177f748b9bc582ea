import { createContext, type ReactNode, useContext, useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { pageFor } from '#web/lib/paths.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'

const TitleContext = createContext<(title: string | undefined) => void>(() => {})

/**
 * The document's one title, from the route table's title key of the page shown (web/lib/paths.ts),
 * in the interface language. A page whose title says more (a cluster's name) sets it with
 * `usePageTitle`.
 */
export function PageTitleProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const [pageTitle, setPageTitle] = useState<string>()
  const page = pageFor(pathname)
  const title = pageTitle ?? t(page ? page.title : 'pages.notFound')
  return (
    <TitleContext.Provider value={setPageTitle}>
      <title>{`${title} · ${t('common.appName')}`}</title>
      {children}
    </TitleContext.Provider>
  )
}

/** A page's own title in place of its route's, while it is shown. */
export function usePageTitle(title: string | undefined): void {
  const setPageTitle = useContext(TitleContext)
  useEffect(() => {
    setPageTitle(title)
    return () => setPageTitle(undefined)
  }, [setPageTitle, title])
}
