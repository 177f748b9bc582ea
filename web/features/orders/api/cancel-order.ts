import { useQueryClient } from '@tanstack/react-query'
import { orders } from '#common/contract/orders.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { orderKeys } from './order-keys.ts'
import '#web/lib/strings/orders.ts'

/** Cancels an order still waiting for approval; the lists and counts reading orders refresh. */
export function useCancelOrder() {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useApiMutation(orders.cancel, {
    input: (id: string) => ({ params: { id } }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order)
      toast({
        title: t('orders.toast.successTitle'),
        description: t('orders.toast.cancelled', { reference: order.reference }),
        variant: 'success',
      })
    },
    onError: (error) =>
      toast({
        title: t('orders.toast.errorTitle'),
        description: error.message || t('orders.toast.cancelFailed'),
        variant: 'destructive',
      }),
  })
}
