import { ArrowLeft, MailCheck, Wand2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useRequestMagicLink } from '#web/features/auth/api/email-links.ts'
import { AuthCard, AuthScreen } from '#web/features/auth/components/auth-screen.tsx'
import { EmailRequestForm } from '#web/features/auth/components/email-request-form.tsx'

/** /magic-link-login: mails a one-time sign-in link (POST /api/auth/magic-link). */
export default function MagicLinkLoginRoute() {
  const { t } = useTranslation()
  const requestLink = useRequestMagicLink()
  const [sent, setSent] = useState<string>()
  const [email, setEmail] = useState('')
  const usePassword = (
    <Link to={href('signIn')} className="inline-flex items-center gap-1.5 font-medium hover:text-foreground">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('auth.magicLogin.usePassword')}
    </Link>
  )

  return (
    <AuthScreen>
      {sent ? (
        <AuthCard
          icon={MailCheck}
          tone="success"
          focusOnMount
          title={t('auth.magicLogin.sentTitle')}
          description={sent}
          footer={usePassword}
        >
          <Button variant="outline" onClick={() => setSent(undefined)}>
            {t('auth.magicLogin.sentAgain')}
          </Button>
        </AuthCard>
      ) : (
        <AuthCard
          icon={Wand2}
          title={t('auth.magicLogin.title')}
          description={t('auth.magicLogin.description')}
          footer={usePassword}
        >
          <EmailRequestForm
            defaultEmail={email}
            submitLabel={t('auth.magicLogin.submit')}
            pendingLabel={t('auth.magicLogin.submitting')}
            pending={requestLink.isPending}
            onSubmit={(address, onError) => {
              setEmail(address)
              requestLink.mutate(address, { onSuccess: ({ message }) => setSent(message), onError })
            }}
          />
        </AuthCard>
      )}
    </AuthScreen>
  )
}
