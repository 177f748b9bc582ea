import type { InvoiceStatus } from '#common/schemas/billing.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/billing.ts'

const VARIANTS = { open: 'warning', paid: 'success', overdue: 'destructive' } as const

/** An invoice's status as customers (/billing) and officers (their panel) both see it. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation()
  return <Badge variant={VARIANTS[status]}>{t(`billing.invoices.statuses.${status}`)}</Badge>
}
