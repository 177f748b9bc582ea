import { KeyRound } from 'lucide-react'
import { useForgotPassword } from '#web/features/auth/api/email-links.ts'
import { EmailLinkRequestScreen } from '#web/features/auth/components/email-link-request-screen.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/auth.ts'

/** /forgot-password: mails a link to choose a new password (POST /api/auth/forgot-password). */
export default function ForgotPasswordRoute() {
  const { t } = useTranslation()
  return (
    <EmailLinkRequestScreen
      copy="forgot"
      icon={KeyRound}
      backLabel={t('auth.forgot.backToSignIn')}
      request={useForgotPassword()}
    />
  )
}
