import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { href } from '#common/routes.ts'
import type { User } from '#common/schemas/auth.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { takeRedirectTarget } from './redirect-target.ts'
import '#web/lib/strings/auth.ts'

/**
 * After any successful sign-in (password, code, magic link, registration, demo account): the
 * success toast, then the saved post-login target, or the dashboard.
 */
export function useFinishSignIn(): (user: User, how: 'login' | 'register') => void {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return useCallback(
    (user, how) => {
      toast(
        how === 'register'
          ? {
              title: t('auth.toast.registerSuccess'),
              description: foundedOrganization(user)
                ? `${t('auth.toast.welcome', { name: user.name })} ${t('auth.toast.welcomeBillingId', { billingId: user.companyId })}`
                : t('auth.toast.welcome', { name: user.name }),
              variant: 'success',
            }
          : {
              title: t('auth.toast.loginSuccess'),
              description: t('auth.toast.welcomeBack', { name: user.name }),
              variant: 'success',
            },
      )
      const target = takeRedirectTarget()
      if (user.mfaEnrolmentRequired) {
        // The organization requires a second factor: setting it up comes first.
        toast({
          title: t('auth.toast.mfaRequired'),
          description: t('auth.toast.mfaRequiredText'),
          variant: 'default',
        })
        navigate(`${href('account')}#two-factor`, { replace: true })
        return
      }
      navigate(target, { replace: true })
    },
    [t, navigate],
  )
}

/** A registration that created its organization: its admin learns the Billing ID the server made. */
function foundedOrganization(user: User): boolean {
  return user.role === 'admin' && user.membershipStatus === 'active' && user.companyId !== ''
}

/** The destructive toast of a failed sign-in or registration, with the server's message. */
export function toastAuthFailure(title: string, error: unknown): void {
  toast({
    title,
    description: error instanceof Error ? error.message : String(error),
    variant: 'destructive',
  })
}
