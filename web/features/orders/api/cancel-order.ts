import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { Order } from '#common/schemas/clusters.ts'
import { apiRequest } from '#web/lib/api-client.ts'
import { toast } from '#web/lib/toast-store.ts'
import { invalidateOrders, orderKeys, orderPath } from './order-keys.ts'

/** POST /api/orders/{id}/cancel: only an order still waiting for approval can be cancelled. */
export function cancelOrder(id: string): Promise<Order> {
  return apiRequest<Order>('POST', `${orderPath(id)}/cancel`)
}

export function useCancelOrder() {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order)
      toast({
        title: t('orders.toast.successTitle'),
        description: t('orders.toast.cancelled', { reference: order.reference }),
        variant: 'success',
      })
      return invalidateOrders(queryClient)
    },
    onError: (error) =>
      toast({
        title: t('orders.toast.errorTitle'),
        description: error.message || t('orders.toast.cancelFailed'),
        variant: 'destructive',
      }),
  })
}
