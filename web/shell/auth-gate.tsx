import { type ReactNode, useDeferredValue, useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { href } from '#common/routes.ts'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { isSigningOut } from '#web/features/auth/api/logout.ts'
import { saveRedirectTarget } from '#web/features/auth/redirect-target.ts'
import { AUTH_REDIRECT_DELAY_MS } from '#web/lib/constants.ts'
import { useUser } from '#web/lib/current-user.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'

/**
 * Auth gating of the sign-in-required layouts: a spinner with the layout's text while the user
 * loads; with no user, the current path, query and hash become the post-login target and the app
 * goes to /auth 100 ms later. Signed in, the children show — and they stay while this tab logs out
 * (the cached user is cleared at once), so the header can say "Logging out..." until the app leaves
 * for the site root.
 */
export function AuthGate({ loadingLabel, children }: { loadingLabel?: string; children: ReactNode }) {
  const { t } = useTranslation()
  const { user, isLoading } = useUser()
  const { pathname, search, hash } = useLocation()
  const navigate = useNavigate()
  const signedOut = !isLoading && !user
  const wasSignedIn = useRef(false)
  if (user) wasSignedIn.current = true

  useEffect(() => {
    // Logging out leaves for the site root by itself; this page is no target to come back to.
    if (!signedOut || isSigningOut()) return
    saveRedirectTarget({ pathname, search, hash })
    const timer = setTimeout(() => navigate(href('signIn'), { replace: true }), AUTH_REDIRECT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [signedOut, pathname, search, hash, navigate])

  const showsChildren = Boolean(user) || (wasSignedIn.current && isSigningOut())
  // The user's answer arrives as an urgent update; mounting a whole console in it would hold the
  // main thread for one long task. The deferred copy mounts it in a render React interrupts to let
  // the browser answer and paint. Losing the user hides the children at once.
  const childrenDue = useDeferredValue(showsChildren)
  if (!showsChildren || !childrenDue) return <LoadingState label={loadingLabel ?? t('common.loading')} />
  return children
}

/** The centred spinner with its visible, announced text. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="auth-gate-loading"
      className="flex min-h-[50vh] flex-1 flex-col items-center justify-center gap-3 text-muted-foreground"
    >
      <Spinner className="size-8 border-[3px] text-primary" />
      <p className="text-sm font-medium">{label}</p>
    </div>
  )
}
