import { Link2Off, ShieldCheck, Wand2 } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { href } from '#common/routes.ts'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { isMfaRequired, useMagicLinkSignIn } from '#web/features/auth/api/sign-in.ts'
import { AuthCard, AuthScreen } from '#web/features/auth/components/auth-screen.tsx'
import { MfaForm } from '#web/features/auth/components/mfa-form.tsx'
import { toastAuthFailure, useFinishSignIn } from '#web/features/auth/use-finish-sign-in.ts'
import { invalidLinkMessage, isInvalidLink } from '#web/lib/invalid-link.ts'
import { useHydrated } from '#web/lib/use-hydrated.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/auth.ts'

/**
 * /magic-link?token=: the link signs in only when the person presses the button (a POST), so a
 * mail scanner that opens links does not use it up. An MFA account then gives its code.
 */
export default function MagicLinkRoute() {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [searchParams] = useSearchParams()
  const token = hydrated ? searchParams.get('token') : null
  const signIn = useMagicLinkSignIn()
  const finishSignIn = useFinishSignIn()
  const navigate = useNavigate()
  const [step, setStep] = useState<'link' | 'mfa' | 'invalid'>('link')
  const [invalidMessage, setInvalidMessage] = useState('')

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!token || signIn.isPending) return
    signIn.mutate(token, {
      onSuccess: (result) => (isMfaRequired(result) ? setStep('mfa') : finishSignIn(result, 'login')),
      onError: (error) => {
        toastAuthFailure(t('auth.toast.loginFailed'), error)
        if (isInvalidLink(error)) {
          setInvalidMessage(invalidLinkMessage(error, t('auth.invalidLink')))
          setStep('invalid')
        }
      },
    })
  }

  const requestNew = (
    <Link to={href('magicLinkLogin')} className={buttonVariants({ size: 'lg' })}>
      {t('auth.magicLink.requestNew')}
    </Link>
  )

  let content: React.ReactNode
  if (step === 'mfa') {
    content = (
      <AuthCard icon={ShieldCheck} title={t('auth.mfa.title')} description={t('auth.mfa.description')}>
        <MfaForm
          onSignedIn={(user) => finishSignIn(user, 'login')}
          onRestart={() => navigate(href('signIn'))}
        />
      </AuthCard>
    )
  } else if (step === 'invalid') {
    content = (
      <AuthCard
        icon={Link2Off}
        tone="destructive"
        focusOnMount
        title={t('auth.magicLink.invalidTitle')}
        description={invalidMessage || t('auth.invalidLink')}
      >
        {requestNew}
      </AuthCard>
    )
  } else if (hydrated && !token) {
    content = (
      <AuthCard
        icon={Link2Off}
        tone="destructive"
        title={t('auth.magicLink.missingTitle')}
        description={t('auth.magicLink.missingDescription')}
      >
        {requestNew}
      </AuthCard>
    )
  } else {
    content = (
      <AuthCard icon={Wand2} title={t('auth.magicLink.title')} description={t('auth.magicLink.description')}>
        <form onSubmit={submit} aria-busy={signIn.isPending}>
          <SubmitButton
            pending={signIn.isPending}
            label={t('auth.magicLink.submit')}
            pendingLabel={t('auth.magicLink.submitting')}
          />
        </form>
      </AuthCard>
    )
  }

  return <AuthScreen>{content}</AuthScreen>
}
