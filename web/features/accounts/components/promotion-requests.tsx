import { ArrowUpCircle } from 'lucide-react'
import type { PromotionRequest } from '#common/schemas/accounts.ts'
import { EmptyState } from '#web/components/layout/empty-state.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useDecidePromotion, usePromotionRequests } from '../api/accounts.ts'
import { DecisionDialog } from './decision-dialog.tsx'
import '#web/lib/strings/accounts.ts'

/** Members' requests to become admins, each approved or declined with a note. */
export function PromotionRequests() {
  const { t } = useTranslation()
  const requests = usePromotionRequests()
  if (requests.isPending) return <LoadingBlock label={t('accounts.promotions.loading')} rows={2} />
  if (requests.isError) return <LoadError title={t('accounts.promotions.loadFailed')} query={requests} />
  if (requests.data.length === 0)
    return (
      <EmptyState
        title={t('accounts.promotions.empty')}
        hint={t('accounts.promotions.emptyHint')}
        action={null}
        testId="promotions-empty"
      />
    )
  return (
    <ul className="divide-y rounded-xl border bg-card" aria-label={t('pages.promotionRequests')}>
      {requests.data.map((request) => (
        <PromotionRow key={request.id} request={request} />
      ))}
    </ul>
  )
}

function PromotionRow({ request }: { request: PromotionRequest }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const decide = useDecidePromotion()
  const answer = (approve: boolean) => (note: string | null, done: () => void) =>
    decide.mutate(
      { id: request.id, approve, note },
      {
        onSuccess: () => {
          toast({
            variant: 'success',
            title: approve
              ? t('accounts.promotions.approved', { name: request.name })
              : t('accounts.promotions.declined', { name: request.name }),
          })
          done()
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('accounts.promotions.failed'),
            description: error.message,
          }),
      },
    )
  return (
    <li
      className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
      data-testid={`promotion-${request.email}`}
    >
      <div className="grid gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <ArrowUpCircle className="size-4 text-muted-foreground" aria-hidden="true" />
          {request.name}
        </p>
        <p className="text-sm break-all text-muted-foreground">{request.email}</p>
        <blockquote className="border-l-2 pl-3 text-sm whitespace-pre-line">{request.reason}</blockquote>
        <p className="text-sm text-muted-foreground">
          {t('accounts.promotions.asked', { date: dates.dateTime(request.createdAt) })}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <DecisionDialog
          trigger={<Button size="sm">{t('accounts.promotions.approve')}</Button>}
          title={t('accounts.promotions.approveTitle', { name: request.name })}
          text={t('accounts.promotions.approveText')}
          confirmLabel={t('accounts.promotions.approve')}
          pending={decide.isPending}
          onDecide={answer(true)}
          testId="approve-promotion-dialog"
        />
        <DecisionDialog
          trigger={
            <Button size="sm" variant="outline">
              {t('accounts.promotions.decline')}
            </Button>
          }
          title={t('accounts.promotions.declineTitle', { name: request.name })}
          text={t('accounts.promotions.declineText')}
          confirmLabel={t('accounts.promotions.decline')}
          destructive
          pending={decide.isPending}
          onDecide={answer(false)}
        />
      </div>
    </li>
  )
}
