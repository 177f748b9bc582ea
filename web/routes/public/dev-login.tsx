import { useQuery } from '@tanstack/react-query'
import { ChevronRight, FlaskConical, ShieldOff } from 'lucide-react'
import { Link } from 'react-router'
import { DEMO_ACCOUNTS } from '#common/demo-accounts.ts'
import { href } from '#common/routes.ts'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { useDevLogin } from '#web/features/auth/api/dev-login.ts'
import { AuthCard, AuthScreen } from '#web/features/auth/components/auth-screen.tsx'
import { toastAuthFailure, useFinishSignIn } from '#web/features/auth/use-finish-sign-in.ts'
import { versionSummaryQueryOptions } from '#web/features/system/api/get-version-summary.ts'
import { ApiError } from '#web/lib/api-client.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { LoadingState } from '#web/shell/auth-gate.tsx'
import '#web/lib/strings/auth.ts'

/**
 * /dev-login: one click per demo account, in development only (GET /api/version/summary), and
 * only where the server has its development routes (on loopback): a 404 says they are off.
 */
export default function DevLoginRoute() {
  const { t } = useTranslation()
  const version = useQuery(versionSummaryQueryOptions)
  const devLogin = useDevLogin()
  const routesOff = devLogin.error instanceof ApiError && devLogin.error.status === 404
  let content: React.ReactNode
  if (version.isPending) content = <LoadingState label={t('auth.devLogin.checking')} />
  else if (version.data?.environment === 'development' && !routesOff)
    content = <DemoAccounts devLogin={devLogin} />
  else
    content = (
      <AuthCard
        icon={ShieldOff}
        tone="destructive"
        title={t('auth.devLogin.unavailableTitle')}
        description={t('auth.devLogin.unavailableDescription')}
      >
        <Link to={href('signIn')} className={buttonVariants({ size: 'lg' })}>
          {t('auth.devLogin.signIn')}
        </Link>
      </AuthCard>
    )
  return <AuthScreen>{content}</AuthScreen>
}

function DemoAccounts({ devLogin }: { devLogin: ReturnType<typeof useDevLogin> }) {
  const { t } = useTranslation()
  const finishSignIn = useFinishSignIn()
  return (
    <AuthCard
      icon={FlaskConical}
      title={t('auth.devLogin.title')}
      description={t('auth.devLogin.description')}
    >
      <ul className="grid gap-2" aria-busy={devLogin.isPending}>
        {DEMO_ACCOUNTS.map((account) => {
          const pending = devLogin.isPending && devLogin.variables === account.username
          return (
            <li key={account.username}>
              <button
                type="button"
                aria-label={t('auth.devLogin.signInAs', { name: account.name })}
                aria-disabled={devLogin.isPending || undefined}
                onClick={() => {
                  if (devLogin.isPending) return
                  devLogin.mutate(account.username, {
                    onSuccess: (user) => finishSignIn(user, 'login'),
                    onError: (error) => {
                      // A 404 turns the page into "not available here".
                      if (!(error instanceof ApiError && error.status === 404))
                        toastAuthFailure(t('auth.toast.loginFailed'), error)
                    },
                  })
                }}
                className="group flex w-full items-center gap-3 rounded-lg border bg-background px-3 py-2.5 text-left transition-colors hover:border-primary/50 hover:bg-accent aria-disabled:cursor-progress"
              >
                <span
                  aria-hidden="true"
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
                >
                  {account.name
                    .split(' ')
                    .map((part) => part[0])
                    .join('')}
                </span>
                <span className="grid min-w-0 flex-1">
                  <span className="truncate text-sm font-medium">
                    {account.name}{' '}
                    <span className="font-normal text-muted-foreground">· {account.username}</span>
                  </span>
                  <span className="truncate text-xs text-muted-foreground">
                    {t(`auth.devLogin.accounts.${account.descriptionKey}`)}
                  </span>
                </span>
                {pending ? (
                  <Spinner className="size-4 text-primary" />
                ) : (
                  <ChevronRight
                    className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                    aria-hidden="true"
                  />
                )}
              </button>
            </li>
          )
        })}
      </ul>
    </AuthCard>
  )
}
