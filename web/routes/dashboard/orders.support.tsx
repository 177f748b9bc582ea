import { Plus } from 'lucide-react'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import { Button } from '#web/components/ui/button.tsx'
import { TicketList } from '#web/features/support/components/ticket-list.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/support.ts'

/** /orders/support: the organization's support tickets. */
export default function SupportTicketsRoute() {
  const { t } = useTranslation()
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('pages.supportOrders')}</h1>
          <p className="text-muted-foreground">{t('support.list.lead')}</p>
        </div>
        <Button asChild className="self-start sm:self-auto">
          <Link to={href('technicalSupport')}>
            <Plus aria-hidden="true" className="size-4" />
            {t('support.list.newTicket')}
          </Link>
        </Button>
      </header>
      <TicketList />
    </div>
  )
}
