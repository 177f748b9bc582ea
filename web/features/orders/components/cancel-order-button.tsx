import { Ban } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Order } from '#common/schemas/clusters.ts'
import { Button } from '#web/components/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog.tsx'
import { useCancelOrder } from '../api/cancel-order.ts'

/** Cancels an order still waiting for approval, after asking. */
export function CancelOrderButton({ order, size = 'sm' }: { order: Order; size?: 'sm' | 'default' }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const cancel = useCancelOrder()
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size={size} data-testid="cancel-order">
          <Ban aria-hidden="true" />
          {t('orders.cancel.button')}
          <span className="sr-only"> {order.reference}</span>
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('orders.cancel.close')}>
        <DialogHeader>
          <DialogTitle>{t('orders.cancel.title', { reference: order.reference })}</DialogTitle>
          <DialogDescription>{t('orders.cancel.description', { name: order.clusterName })}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('orders.cancel.keep')}</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(order.id, { onSuccess: () => setOpen(false) })}
          >
            {cancel.isPending ? t('orders.cancel.pending') : t('orders.cancel.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
