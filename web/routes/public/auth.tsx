import { useQuery } from '@tanstack/react-query'
import { KeyRound, ShieldCheck, Wand2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { href } from '#common/routes.ts'
import type { User } from '#common/schemas/auth.ts'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx'
import { isMfaRequired, type LoginResult } from '#web/features/auth/api/sign-in.ts'
import { AuthScreen } from '#web/features/auth/components/auth-screen.tsx'
import { BrandPanel } from '#web/features/auth/components/brand-panel.tsx'
import { MfaForm } from '#web/features/auth/components/mfa-form.tsx'
import { PasskeySignIn } from '#web/features/auth/components/passkey-sign-in.tsx'
import { RegisterForm } from '#web/features/auth/components/register-form.tsx'
import { SignInForm } from '#web/features/auth/components/sign-in-form.tsx'
import { peekRedirectTarget, takeRedirectTarget } from '#web/features/auth/redirect-target.ts'
import { useFinishSignIn } from '#web/features/auth/use-finish-sign-in.ts'
import { versionSummaryQueryOptions } from '#web/features/system/api/get-version-summary.ts'
import { useUser } from '#web/lib/current-user.ts'
import { pageFor } from '#web/lib/paths.ts'
import { useHydrated } from '#web/lib/use-hydrated.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/auth.ts'

type Tab = 'sign-in' | 'register'
const REGISTER_TAB: Tab = 'register'

/**
 * /auth: sign in (username or email and password, then the code for MFA accounts) or register.
 * The tab lives in the query (`?tab=register`) so links can open the registration directly.
 */
export default function AuthRoute() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const [searchParams, setSearchParams] = useSearchParams()
  const { user } = useUser()
  const finishSignIn = useFinishSignIn()
  const [step, setStep] = useState<'credentials' | 'mfa'>('credentials')
  const signingIn = useRef(false)

  // Read the query only after hydration: the prerendered page was built without one.
  const tab: Tab = hydrated && searchParams.get('tab') === REGISTER_TAB ? 'register' : 'sign-in'

  // Someone who arrives already signed in has nothing to do here.
  useEffect(() => {
    if (user && !signingIn.current) navigate(takeRedirectTarget(), { replace: true })
  }, [user, navigate])

  function chooseTab(next: string) {
    setSearchParams(next === REGISTER_TAB ? { tab: REGISTER_TAB } : {}, {
      replace: true,
      preventScrollReset: true,
    })
  }

  function onLoginResult(result: LoginResult) {
    if (isMfaRequired(result)) setStep('mfa')
    else finishSignIn(result, 'login')
  }

  return (
    <AuthScreen wide>
      <div className="grid overflow-hidden rounded-2xl border bg-card text-card-foreground shadow-xl lg:grid-cols-[5fr_6fr]">
        <BrandPanel className="hidden lg:flex" />
        {/* A submitted form finishes its own sign-in; only an earlier session is redirected here. */}
        <div
          className="px-5 py-8 sm:px-10 sm:py-10"
          onSubmitCapture={() => {
            signingIn.current = true
          }}
        >
          {step === 'mfa' ? (
            <MfaStep
              onSignedIn={(signedIn) => finishSignIn(signedIn, 'login')}
              onRestart={() => setStep('credentials')}
            />
          ) : (
            <Tabs value={tab} onValueChange={chooseTab}>
              {hydrated && <GatedPageNote />}
              <TabsList aria-label={t('auth.tabs.label')}>
                <TabsTrigger value="sign-in">{t('auth.tabs.signIn')}</TabsTrigger>
                <TabsTrigger value="register">{t('auth.tabs.register')}</TabsTrigger>
              </TabsList>
              <TabsContent value="sign-in" className="grid gap-6">
                <Heading title={t('auth.signIn.title')} description={t('auth.signIn.description')} />
                <SignInForm onResult={onLoginResult} />
                <OtherWaysToSignIn onPasskey={onLoginResult} />
              </TabsContent>
              <TabsContent value="register" className="grid gap-6">
                <Heading title={t('auth.register.title')} description={t('auth.register.description')} />
                <RegisterForm onRegistered={(newUser) => finishSignIn(newUser, 'register')} />
              </TabsContent>
            </Tabs>
          )}
        </div>
      </div>
    </AuthScreen>
  )
}

/**
 * Why the sign-in page shows when a page needing an account sent a visitor here (a footer link to
 * the data centers, a link in a mail): the page's name, which signing in or registering opens.
 */
function GatedPageNote() {
  const { t } = useTranslation()
  const [target] = useState(() => peekRedirectTarget())
  const page = target ? pageFor(target.split(/[?#]/, 1)[0]!) : undefined
  if (!page) return null
  return (
    <p
      role="status"
      className="mb-4 rounded-md border border-primary/30 bg-primary/5 px-3 py-2 text-sm"
      data-testid="gated-page-note"
    >
      {t('auth.gatedPage', { page: t(page.title) })}
    </p>
  )
}

function Heading({ title, description }: { title: string; description: string }) {
  return (
    <div className="grid gap-1.5">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="text-sm text-muted-foreground">{description}</p>
    </div>
  )
}

function MfaStep(props: { onSignedIn: (user: User) => void; onRestart: () => void }) {
  const { t } = useTranslation()
  return (
    <div className="grid gap-6">
      <span className="flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
        <ShieldCheck className="size-5" aria-hidden="true" />
      </span>
      <Heading title={t('auth.mfa.title')} description={t('auth.mfa.description')} />
      <MfaForm {...props} />
    </div>
  )
}

/** A passkey, a magic link and, in development, the demo accounts. */
function OtherWaysToSignIn({ onPasskey }: { onPasskey: (result: LoginResult) => void }) {
  const { t } = useTranslation()
  const { data: version } = useQuery(versionSummaryQueryOptions)
  const linkClass =
    'inline-flex h-10 items-center justify-center gap-2 rounded-md border bg-background px-4 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground'
  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
        <span className="h-px flex-1 bg-border" />
        {t('auth.signIn.or')}
        <span className="h-px flex-1 bg-border" />
      </div>
      <div className="grid gap-2">
        <PasskeySignIn onResult={onPasskey} />
        <Link to={href('magicLinkLogin')} className={linkClass}>
          <Wand2 className="size-4" aria-hidden="true" />
          {t('auth.signIn.magicLink')}
        </Link>
        {version?.environment === 'development' && (
          <Link to={href('devLogin')} className={linkClass}>
            <KeyRound className="size-4" aria-hidden="true" />
            {t('auth.signIn.devLogin')}
          </Link>
        )}
      </div>
    </div>
  )
}
