import type { OrderStatus } from '#common/schemas/orders.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/orders.ts'

const VARIANTS = {
  draft: 'outline',
  pending_approval: 'warning',
  confirmed: 'default',
  fulfilled: 'success',
  cancelled: 'secondary',
  failed: 'destructive',
} as const satisfies Record<OrderStatus, string>

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation()
  return (
    <Badge variant={VARIANTS[status]} data-testid="order-status" data-status={status}>
      {t(`orders.status.${status}`)}
    </Badge>
  )
}
