import { UserPlus } from 'lucide-react'
import type { Registration } from '#common/schemas/accounts.ts'
import { EmptyState } from '#web/components/layout/empty-state.tsx'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useDecideRegistration, usePendingRegistrations } from '../api/accounts.ts'
import { DecisionDialog } from './decision-dialog.tsx'
import '#web/lib/strings/accounts.ts'

/** People who registered with the organization's billing ID, each approved or rejected by an admin. */
export function PendingRegistrations() {
  const { t } = useTranslation()
  const registrations = usePendingRegistrations()
  if (registrations.isPending) return <LoadingBlock label={t('accounts.registrations.loading')} rows={2} />
  if (registrations.isError)
    return <LoadError title={t('accounts.registrations.loadFailed')} query={registrations} />
  if (registrations.data.length === 0)
    return (
      <EmptyState
        title={t('accounts.registrations.empty')}
        hint={t('accounts.registrations.emptyHint')}
        action={null}
        testId="registrations-empty"
      />
    )
  return (
    <ul className="divide-y rounded-xl border bg-card" aria-label={t('pages.pendingRegistrations')}>
      {registrations.data.map((registration) => (
        <RegistrationRow key={registration.id} registration={registration} />
      ))}
    </ul>
  )
}

function RegistrationRow({ registration }: { registration: Registration }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const decide = useDecideRegistration()
  const answer = (approve: boolean) => (note: string | null, done: () => void) =>
    decide.mutate(
      { id: registration.id, approve, note },
      {
        onSuccess: () => {
          toast({
            variant: 'success',
            title: approve
              ? t('accounts.registrations.approved', { name: registration.name })
              : t('accounts.registrations.rejected', { name: registration.name }),
          })
          done()
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('accounts.registrations.failed'),
            description: error.message,
          }),
      },
    )
  return (
    <li
      className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
      data-testid={`registration-${registration.email}`}
    >
      <div className="grid gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <UserPlus className="size-4 text-muted-foreground" aria-hidden="true" />
          {registration.name}
          <Badge variant={registration.emailVerified ? 'success' : 'warning'}>
            {registration.emailVerified
              ? t('accounts.registrations.verified')
              : t('accounts.registrations.unverified')}
          </Badge>
        </p>
        <p className="text-sm break-all text-muted-foreground">
          {registration.email} · {registration.username}
        </p>
        <p className="text-sm text-muted-foreground">
          {t('accounts.registrations.registered', { date: dates.dateTime(registration.createdAt) })}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <DecisionDialog
          trigger={<Button size="sm">{t('accounts.registrations.approve')}</Button>}
          title={t('accounts.registrations.approveTitle', { name: registration.name })}
          text={t('accounts.registrations.approveText')}
          confirmLabel={t('accounts.registrations.approve')}
          pending={decide.isPending}
          onDecide={answer(true)}
          testId="approve-registration-dialog"
        />
        <DecisionDialog
          trigger={
            <Button size="sm" variant="outline">
              {t('accounts.registrations.reject')}
            </Button>
          }
          title={t('accounts.registrations.rejectTitle', { name: registration.name })}
          text={t('accounts.registrations.rejectText')}
          confirmLabel={t('accounts.registrations.reject')}
          destructive
          pending={decide.isPending}
          onDecide={answer(false)}
        />
      </div>
    </li>
  )
}
