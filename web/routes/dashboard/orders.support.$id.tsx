import { useParams } from 'react-router'
import { TicketDetail } from '#web/features/support/components/ticket-detail.tsx'

/** /orders/support/{id}: one ticket's thread. */
export default function SupportTicketRoute() {
  const { id = '' } = useParams()
  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <TicketDetail key={id} id={id} />
    </div>
  )
}
