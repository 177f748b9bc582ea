import type { UseMutationResult } from '@tanstack/react-query'
import { ArrowLeft, type LucideIcon, MailCheck } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { AuthCard, AuthScreen } from './auth-screen.tsx'
import { EmailRequestForm } from './email-request-form.tsx'
import '#web/lib/strings/auth.ts'

type EmailLinkRequest = UseMutationResult<{ message: string }, Error, string>

type EmailLinkRequestScreenProps = {
  /** The screen's strings under `auth.<copy>`: title, description, submit, submitting, sentTitle, sentAgain. */
  copy: 'forgot' | 'magicLogin'
  icon: LucideIcon
  /** The link back to the sign-in form. */
  backLabel: string
  request: EmailLinkRequest
}

/**
 * A screen that mails a link to an address (forgot password, magic link): the address form, then
 * the server's "sent" message with a way to send again to the address typed before.
 */
export function EmailLinkRequestScreen({ copy, icon, backLabel, request }: EmailLinkRequestScreenProps) {
  const { t } = useTranslation()
  const [sent, setSent] = useState<string>()
  const [email, setEmail] = useState('')
  const backToSignIn = (
    <Link to={href('signIn')} className="inline-flex items-center gap-1.5 font-medium hover:text-foreground">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {backLabel}
    </Link>
  )

  return (
    <AuthScreen>
      {sent ? (
        <AuthCard
          icon={MailCheck}
          tone="success"
          focusOnMount
          title={t(`auth.${copy}.sentTitle`)}
          description={sent}
          footer={backToSignIn}
        >
          <Button variant="outline" onClick={() => setSent(undefined)}>
            {t(`auth.${copy}.sentAgain`)}
          </Button>
        </AuthCard>
      ) : (
        <AuthCard
          icon={icon}
          title={t(`auth.${copy}.title`)}
          description={t(`auth.${copy}.description`)}
          footer={backToSignIn}
        >
          <EmailRequestForm
            defaultEmail={email}
            submitLabel={t(`auth.${copy}.submit`)}
            pendingLabel={t(`auth.${copy}.submitting`)}
            pending={request.isPending}
            onSubmit={(address, onError) => {
              setEmail(address)
              request.mutate(address, { onSuccess: ({ message }) => setSent(message), onError })
            }}
          />
        </AuthCard>
      )}
    </AuthScreen>
  )
}
