import { Wand2 } from 'lucide-react'
import { useRequestMagicLink } from '#web/features/auth/api/email-links.ts'
import { EmailLinkRequestScreen } from '#web/features/auth/components/email-link-request-screen.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/auth.ts'

/** /magic-link-login: mails a one-time sign-in link (POST /api/auth/magic-link). */
export default function MagicLinkLoginRoute() {
  const { t } = useTranslation()
  return (
    <EmailLinkRequestScreen
      copy="magicLogin"
      icon={Wand2}
      backLabel={t('auth.magicLogin.usePassword')}
      request={useRequestMagicLink()}
    />
  )
}
