import { CircleCheck, Mail, MailWarning, Send } from 'lucide-react'
import { type RefObject, useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { auth } from '#common/contract/auth.ts'
import { href } from '#common/routes.ts'
import { Button } from '#web/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx'
import { useApiMutation } from '#web/lib/api/mutations.ts'
import { EMAIL_VERIFICATION_DISMISSED_KEY } from '#web/lib/constants.ts'
import { useUser } from '#web/lib/current-user.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { shouldShowVerificationModal } from './email-verification.ts'
import '#web/lib/strings/email-verification.ts'

/**
 * The blocking "Email Verification Required" modal: the page behind is blurred and inert until the
 * user verifies (and refreshes) or continues without verification for the session.
 */
export function EmailVerificationModal() {
  const { t } = useTranslation()
  const { user } = useUser()
  const { pathname } = useLocation()
  const [dismissedUserId, setDismissedUserId] = useState<string | null | undefined>(undefined)
  const [resent, setResent] = useState(false)
  const contentRef = useRef<HTMLDivElement>(null)

  // Session storage exists only in the browser: read it after the first render.
  useEffect(() => setDismissedUserId(sessionStorage.getItem(EMAIL_VERIFICATION_DISMISSED_KEY)), [])

  const open = shouldShowVerificationModal({ user, pathname, dismissedUserId })
  useInertBackground(open, contentRef)

  const resend = useApiMutation(auth.resendVerification, {
    input: (email: string) => ({ body: { email } }),
    onSuccess: () => {
      setResent(true)
      toast({
        title: t('emailVerification.toast.sentTitle'),
        description: t('emailVerification.toast.sentDescription'),
        variant: 'success',
      })
    },
    onError: () =>
      toast({
        title: t('emailVerification.toast.errorTitle'),
        description: t('emailVerification.toast.errorDescription'),
        variant: 'destructive',
      }),
  })

  if (!user) return null

  const continueWithoutVerification = () => {
    sessionStorage.setItem(EMAIL_VERIFICATION_DISMISSED_KEY, user.id)
    setDismissedUserId(user.id)
  }

  return (
    <Dialog open={open}>
      <DialogContent
        ref={contentRef}
        data-testid="email-verification-modal"
        className="max-w-md gap-5"
        overlayClassName="bg-background/40 backdrop-blur-md"
        // Blocking: neither Escape nor a click outside closes it.
        onEscapeKeyDown={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader className="justify-items-center text-center sm:text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-warning/15 text-warning">
            <MailWarning className="size-6" aria-hidden="true" />
          </span>
          <DialogTitle className="text-xl">{t('emailVerification.title')}</DialogTitle>
          <DialogDescription>
            {t('emailVerification.intro')}{' '}
            <span className="font-medium text-foreground">
              {t('emailVerification.sentTo', { email: user.email })}
            </span>
          </DialogDescription>
        </DialogHeader>

        <div className="rounded-lg border bg-muted/50 p-4">
          <p className="text-sm font-medium">{t('emailVerification.stepsTitle')}</p>
          <ol className="mt-2 grid gap-2 text-sm text-muted-foreground">
            {(['stepInbox', 'stepLink', 'stepRefresh'] as const).map((step, index) => (
              <li key={step} className="flex gap-2.5">
                <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-primary/15 text-xs font-semibold text-primary">
                  {index + 1}
                </span>
                <span>{t(`emailVerification.${step}`)}</span>
              </li>
            ))}
          </ol>
        </div>

        {resent && (
          <p
            role="status"
            className="flex items-center gap-2 rounded-md border border-success/40 bg-success/10 px-3 py-2 text-sm text-[color-mix(in_oklab,var(--success),black_35%)] dark:text-success"
          >
            <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
            {t('emailVerification.resent')}
          </p>
        )}

        <div className="grid gap-2">
          <Button asChild variant="outline">
            <a href="mailto:">
              <Mail aria-hidden="true" />
              {t('emailVerification.openEmailClient')}
            </a>
          </Button>
          <Button onClick={() => resend.mutate(user.email)} disabled={resend.isPending}>
            <Send aria-hidden="true" />
            {resend.isPending ? t('emailVerification.sending') : t('emailVerification.resend')}
          </Button>
          <Button
            variant="ghost"
            className="h-auto min-h-10 whitespace-normal text-muted-foreground"
            onClick={continueWithoutVerification}
          >
            {t('emailVerification.continueWithout')}
          </Button>
        </div>

        <p className="text-center text-xs text-muted-foreground">
          {t('emailVerification.needHelp')}{' '}
          <Link to={href('support')} className="font-medium text-primary underline-offset-4 hover:underline">
            {t('emailVerification.contactSupport')}
          </Link>
        </p>
      </DialogContent>
    </Dialog>
  )
}

/**
 * While the modal is open, everything else on the page is `inert` (no focus, no clicks, hidden
 * from assistive technology). The toast region stays live so the resend notices can be read.
 */
function useInertBackground(open: boolean, contentRef: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    if (!open) return
    const made: Element[] = []
    // The dialog mounts in a portal after this render; wait a frame for it.
    const frame = requestAnimationFrame(() => {
      const content = contentRef.current
      for (const element of Array.from(document.body.children)) {
        if (element.tagName === 'SCRIPT' || element.hasAttribute('inert')) continue
        if (content && (element === content || element.contains(content))) continue
        if (element.matches('[data-slot="dialog-overlay"], [role="region"]')) continue
        element.setAttribute('inert', '')
        made.push(element)
      }
    })
    return () => {
      cancelAnimationFrame(frame)
      for (const element of made) element.removeAttribute('inert')
    }
  }, [open, contentRef])
}
