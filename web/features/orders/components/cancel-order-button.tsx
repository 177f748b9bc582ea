import { Ban } from 'lucide-react'
import type { Order } from '#common/schemas/orders.ts'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useCancelOrder } from '../api/cancel-order.ts'
import '#web/lib/strings/orders.ts'

/** Cancels an order still waiting for approval, after asking. */
export function CancelOrderButton({ order, size = 'sm' }: { order: Order; size?: 'sm' | 'default' }) {
  const { t } = useTranslation()
  const cancel = useCancelOrder()
  return (
    <ConfirmDialog
      destructive
      trigger={
        <Button variant="outline" size={size} data-testid="cancel-order">
          <Ban aria-hidden="true" />
          {t('orders.cancel.button')}
          <span className="sr-only"> {order.reference}</span>
        </Button>
      }
      title={t('orders.cancel.title', { reference: order.reference })}
      description={<p>{t('orders.cancel.description', { name: order.clusterName })}</p>}
      confirmLabel={t('orders.cancel.confirm')}
      pendingLabel={t('orders.cancel.pending')}
      cancelLabel={t('orders.cancel.keep')}
      closeLabel={t('orders.cancel.close')}
      pending={cancel.isPending}
      onConfirm={(done) => cancel.mutate(order.id, { onSuccess: done })}
    />
  )
}
