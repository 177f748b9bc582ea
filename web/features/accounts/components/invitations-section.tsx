import { MailPlus } from 'lucide-react'
import { ASSIGNABLE_ROLES, type Invitation, invitationRequestSchema } from '#common/schemas/accounts.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Form, FormAlert, FormInputField, FormSelectField } from '#web/components/ui/form.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { SectionCard } from '#web/components/ui/section-card.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useInvitations, useInvite, useResendInvitation, useRevokeInvitation } from '../api/accounts.ts'
import '#web/lib/strings/accounts.ts'

/** Invite by email, then follow the invitations not yet accepted: resend or revoke them. */
export function InvitationsSection() {
  const { t } = useTranslation()
  const invitations = useInvitations()
  return (
    <SectionCard
      id="invitations"
      title={t('accounts.invitations.title')}
      description={t('accounts.invitations.description')}
    >
      <InviteForm />
      {invitations.isPending ? (
        <LoadingBlock label={t('accounts.invitations.loading')} rows={1} />
      ) : invitations.isError ? (
        <LoadError title={t('accounts.invitations.loadFailed')} query={invitations} />
      ) : invitations.data.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="invitations-empty">
          {t('accounts.invitations.empty')}
        </p>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label={t('accounts.invitations.open')}>
          {invitations.data.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      )}
    </SectionCard>
  )
}

function InviteForm() {
  const { t } = useTranslation()
  const invite = useInvite()
  const form = useZodForm(invitationRequestSchema, { defaultValues: { email: '', role: 'user' } })
  return (
    <Form
      form={form}
      className="grid gap-3 rounded-lg border border-dashed p-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-start"
      onSubmit={(request) =>
        invite.mutate(request, {
          onSuccess: (invitation) => {
            toast({ variant: 'success', title: t('accounts.invitations.sent', { email: invitation.email }) })
            form.reset()
          },
          onError: (error) => applyServerErrors(form, error),
        })
      }
    >
      <div className="sm:col-span-3">
        <FormAlert />
      </div>
      <FormInputField
        control={form.control}
        name="email"
        type="email"
        autoComplete="off"
        label={t('accounts.invitations.email')}
      />
      <FormSelectField
        control={form.control}
        name="role"
        label={t('accounts.invitations.role')}
        options={ASSIGNABLE_ROLES.map((role) => ({ value: role, label: t(`accounts.roles.${role}`) }))}
      />
      <SubmitButton
        className="sm:mt-6"
        pending={invite.isPending}
        label={t('accounts.invitations.invite')}
        pendingLabel={t('accounts.invitations.inviting')}
      />
    </Form>
  )
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const resend = useResendInvitation()
  const revoke = useRevokeInvitation()
  const failed = (error: Error) =>
    toast({ variant: 'destructive', title: t('accounts.invitations.failed'), description: error.message })
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 p-3"
      data-testid={`invitation-${invitation.email}`}
    >
      <div className="grid gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium break-all">
          <MailPlus className="size-4 text-muted-foreground" aria-hidden="true" />
          {invitation.email}
          <Badge variant="secondary">{t(`accounts.roles.${invitation.role}`)}</Badge>
          {invitation.status === 'expired' && (
            <Badge variant="warning">{t('accounts.invitations.expired')}</Badge>
          )}
        </p>
        <p className="text-sm text-muted-foreground">
          {t('accounts.invitations.by', {
            name: invitation.invitedBy,
            date: dates.date(invitation.createdAt),
          })}{' '}
          · {t('accounts.invitations.until', { date: dates.dateTime(invitation.expiresAt) })}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(invitation.id, {
              onSuccess: () =>
                toast({
                  variant: 'success',
                  title: t('accounts.invitations.resent', { email: invitation.email }),
                }),
              onError: failed,
            })
          }
        >
          {t('accounts.invitations.resend')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={revoke.isPending}
          onClick={() => revoke.mutate(invitation.id, { onError: failed })}
        >
          {t('accounts.invitations.revoke')}
        </Button>
      </div>
    </li>
  )
}
