import { ArrowLeft, KeyRound, MailCheck } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useForgotPassword } from '#web/features/auth/api/email-links.ts'
import { AuthCard, AuthScreen } from '#web/features/auth/components/auth-screen.tsx'
import { EmailRequestForm } from '#web/features/auth/components/email-request-form.tsx'

/** /forgot-password: mails a link to choose a new password (POST /api/auth/forgot-password). */
export default function ForgotPasswordRoute() {
  const { t } = useTranslation()
  const forgotPassword = useForgotPassword()
  const [sent, setSent] = useState<string>()
  const [email, setEmail] = useState('')
  const backToSignIn = (
    <Link to={href('signIn')} className="inline-flex items-center gap-1.5 font-medium hover:text-foreground">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('auth.forgot.backToSignIn')}
    </Link>
  )

  return (
    <AuthScreen>
      {sent ? (
        <AuthCard
          icon={MailCheck}
          tone="success"
          focusOnMount
          title={t('auth.forgot.sentTitle')}
          description={sent}
          footer={backToSignIn}
        >
          <Button variant="outline" onClick={() => setSent(undefined)}>
            {t('auth.forgot.sentAgain')}
          </Button>
        </AuthCard>
      ) : (
        <AuthCard
          icon={KeyRound}
          title={t('auth.forgot.title')}
          description={t('auth.forgot.description')}
          footer={backToSignIn}
        >
          <EmailRequestForm
            defaultEmail={email}
            submitLabel={t('auth.forgot.submit')}
            pendingLabel={t('auth.forgot.submitting')}
            pending={forgotPassword.isPending}
            onSubmit={(address, onError) => {
              setEmail(address)
              forgotPassword.mutate(address, { onSuccess: ({ message }) => setSent(message), onError })
            }}
          />
        </AuthCard>
      )}
    </AuthScreen>
  )
}
