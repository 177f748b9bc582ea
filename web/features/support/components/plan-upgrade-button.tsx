import { useRef } from 'react'
import { useNavigate } from 'react-router'
import { href } from '#common/routes.ts'
import type { SupportPlan } from '#common/schemas/catalog.ts'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { useUser } from '#web/lib/current-user.ts'
import { IdempotencyKeys } from '#web/lib/idempotency.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useUpgradeSupportPlan } from '../api/support.ts'
import '#web/lib/strings/support.ts'

/** Orders a higher plan after a confirmation (organization admins; others are told to ask one). */
export function PlanUpgradeButton({ plan }: { plan: SupportPlan }) {
  const { t } = useTranslation()
  const { user } = useUser()
  const money = useMoney()
  const navigate = useNavigate()
  const upgrade = useUpgradeSupportPlan()
  const keys = useRef(new IdempotencyKeys())
  if (user?.role !== 'admin' && user?.role !== 'super_admin')
    return <p className="max-w-48 text-sm text-muted-foreground">{t('support.hub.askAdmin')}</p>
  return (
    <ConfirmDialog
      trigger={<Button>{t('support.hub.upgrade', { plan: plan.name })}</Button>}
      title={t('support.hub.upgrade', { plan: plan.name })}
      description={t('support.hub.upgradeConfirm', {
        plan: plan.name,
        price: money.cents(plan.monthlyPriceCents),
      })}
      confirmLabel={t('support.hub.upgradeOrder')}
      pendingLabel={t('support.hub.upgrading')}
      cancelLabel={t('support.hub.cancel')}
      closeLabel={t('support.hub.close')}
      pending={upgrade.isPending}
      testId="plan-upgrade-dialog"
      onConfirm={(done) => {
        const body = { planId: plan.id, currency: money.currency }
        upgrade.mutate(
          { ...body, key: keys.current.keyFor(body) },
          {
            onSuccess: (order) => {
              keys.current.reset()
              done()
              toast({
                variant: 'success',
                title: t('support.hub.upgraded', { plan: plan.name }),
                description: order.reference,
              })
              void navigate(href('orderStatus', { id: order.id }))
            },
            onError: (error) => toast({ variant: 'destructive', title: error.message }),
          },
        )
      }}
    />
  )
}
