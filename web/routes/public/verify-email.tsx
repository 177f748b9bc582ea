import { CircleCheck, Link2Off, MailCheck } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { href } from '#common/routes.ts'
import { Alert, AlertDescription } from '#web/components/ui/alert.tsx'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { useResendVerification, verifyEmailLink } from '#web/features/auth/api/email-links.ts'
import { AuthCard, AuthScreen } from '#web/features/auth/components/auth-screen.tsx'
import { EmailRequestForm } from '#web/features/auth/components/email-request-form.tsx'
import { DEFAULT_AFTER_LOGIN_ROUTE } from '#web/lib/constants.ts'
import { useUser } from '#web/lib/current-user.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useHydrated } from '#web/lib/use-hydrated.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { LoadingState } from '#web/shell/auth-gate.tsx'
import '#web/lib/strings/auth.ts'

/**
 * /verify-email and /verify-registration-email. The mail's link (GET /api/auth/verify-email)
 * verifies and comes back here with `?status=verified|invalid`; a `?token=` instead is followed
 * through that same link. Without either, the page explains and offers a new link.
 */
export default function VerifyEmailRoute() {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [searchParams] = useSearchParams()
  const status = searchParams.get('status')
  const token = searchParams.get('token')

  useEffect(() => {
    // A full navigation: the server verifies, then redirects back here with the outcome.
    if (hydrated && token && !status) window.location.replace(verifyEmailLink(token))
  }, [hydrated, token, status])

  let content: React.ReactNode
  if (!hydrated || (token && !status)) content = <LoadingState label={t('auth.verify.checking')} />
  else if (status === 'verified') content = <Verified />
  else if (status === 'invalid')
    content = (
      <ResendCard
        icon={Link2Off}
        tone="destructive"
        title={t('auth.verify.invalidTitle')}
        description={t('auth.verify.invalidDescription')}
      />
    )
  else
    content = (
      <ResendCard
        icon={MailCheck}
        tone="primary"
        title={t('auth.verify.pendingTitle')}
        description={t('auth.verify.pendingDescription')}
      />
    )

  return <AuthScreen>{content}</AuthScreen>
}

function Verified() {
  const { t } = useTranslation()
  const { user } = useUser()
  return (
    <AuthCard
      icon={CircleCheck}
      tone="success"
      focusOnMount
      title={t('auth.verify.verifiedTitle')}
      description={t('auth.verify.verifiedDescription')}
    >
      {user ? (
        <Link to={href(DEFAULT_AFTER_LOGIN_ROUTE)} className={buttonVariants({ size: 'lg' })}>
          {t('auth.verify.toDashboard')}
        </Link>
      ) : (
        <Link to={href('signIn')} className={buttonVariants({ size: 'lg' })}>
          {t('auth.verify.signIn')}
        </Link>
      )}
    </AuthCard>
  )
}

/** Asks for a new verification mail (POST /api/auth/resend-verification), with a toast either way. */
function ResendCard(props: Pick<Parameters<typeof AuthCard>[0], 'icon' | 'tone' | 'title' | 'description'>) {
  const { t } = useTranslation()
  const { user } = useUser()
  const resend = useResendVerification()
  const [resent, setResent] = useState(false)
  return (
    <AuthCard
      {...props}
      focusOnMount={props.tone === 'destructive'}
      footer={
        user ? undefined : (
          <Link to={href('signIn')} className="font-medium hover:text-foreground">
            {t('auth.verify.signIn')}
          </Link>
        )
      }
    >
      {resent && (
        <Alert variant="success" role="status">
          <CircleCheck aria-hidden="true" />
          <AlertDescription className="text-foreground">{t('auth.verify.resent')}</AlertDescription>
        </Alert>
      )}
      <EmailRequestForm
        key={user?.email ?? ''}
        defaultEmail={user?.email ?? ''}
        submitLabel={t('auth.verify.resend')}
        pendingLabel={t('auth.verify.resending')}
        pending={resend.isPending}
        onSubmit={(email, onError) => {
          setResent(false)
          resend.mutate(email, {
            onSuccess: () => {
              setResent(true)
              toast({
                title: t('auth.toast.verificationSent'),
                description: t('auth.toast.verificationSentDescription'),
                variant: 'success',
              })
            },
            onError: (error) => {
              toast({
                title: t('auth.toast.error'),
                description: t('auth.toast.resendFailed'),
                variant: 'destructive',
              })
              onError(error)
            },
          })
        }}
      />
    </AuthCard>
  )
}
