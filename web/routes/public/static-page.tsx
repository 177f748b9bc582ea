import { type ClientLoaderFunctionArgs, data, isRouteErrorResponse, useRouteError } from 'react-router'
import NotFoundScreen from '#web/routes/not-found.tsx'

/**
 * Static marketing pages are plain HTML files rendered at build time (web/site). A link to one
 * from inside the app loads that document from the server. When the server itself answered
 * this path with the app (no such page was built: an unknown tutorial, say), it is not found.
 */
export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  const target = new URL(request.url)
  const isThisDocument =
    target.pathname === window.location.pathname && target.search === window.location.search
  if (isThisDocument) throw data(null, { status: 404 })
  window.location.assign(target.href)
  // The browser is leaving: keep the current screen until the document unloads.
  return new Promise<never>(() => {})
}

export default function StaticPage() {
  return null
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />
  throw error
}
