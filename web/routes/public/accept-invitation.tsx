import { Link2Off, UserPlus } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { href } from '#common/routes.ts'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useInvitationPreview } from '#web/features/auth/api/sign-in.ts'
import { AcceptInvitationForm } from '#web/features/auth/components/accept-invitation-form.tsx'
import { AuthCard, AuthScreen } from '#web/features/auth/components/auth-screen.tsx'
import { useFinishSignIn } from '#web/features/auth/use-finish-sign-in.ts'
import { useHydrated } from '#web/lib/use-hydrated.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/auth.ts'

/** /accept-invitation?token=: who invites to which organization, and the account it creates. */
export default function AcceptInvitationRoute() {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [searchParams] = useSearchParams()
  const finishSignIn = useFinishSignIn()
  // The token is in the query, which the prerendered page does not know: read it once hydrated.
  const token = hydrated ? searchParams.get('token') : null
  const preview = useInvitationPreview(token)

  return (
    <AuthScreen wide>
      {hydrated && (!token || preview.isError) ? (
        <AuthCard
          icon={Link2Off}
          tone="destructive"
          focusOnMount
          title={t('auth.invitation.invalidTitle')}
          description={token ? preview.error?.message : t('auth.invitation.missing')}
        >
          <Link to={href('signIn')} className={buttonVariants({ size: 'lg' })}>
            {t('auth.invitation.signIn')}
          </Link>
        </AuthCard>
      ) : !preview.data ? (
        <AuthCard icon={UserPlus} title={t('auth.invitation.title')}>
          <LoadingBlock label={t('auth.invitation.loading')} rows={2} />
        </AuthCard>
      ) : (
        <AuthCard
          icon={UserPlus}
          title={t('auth.invitation.joinTitle', { organization: preview.data.organizationName })}
          description={t('auth.invitation.description', {
            inviter: preview.data.invitedBy,
            organization: preview.data.organizationName,
          })}
        >
          <AcceptInvitationForm
            token={token ?? ''}
            email={preview.data.email}
            onAccepted={(user) => finishSignIn(user, 'register')}
          />
        </AuthCard>
      )}
    </AuthScreen>
  )
}
