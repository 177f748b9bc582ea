import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { attachmentUrls, useTrackedTicket, useVisitorReply } from '../api/support.ts'
import { ReplyForm } from './reply-form.tsx'
import { TicketHeader } from './ticket-detail.tsx'
import { TicketThread } from './ticket-thread.tsx'
import '#web/lib/strings/support.ts'

/** The thread a visitor's tracking link opens, with their reply; an unknown or expired link says so. */
export function TrackedTicket({
  token,
  refused,
}: {
  token: string
  /** What to show for a link that is not (404) or no longer (410) valid. */
  refused: (reason: 'invalid' | 'expired') => React.ReactNode
}) {
  const { t } = useTranslation()
  const ticket = useTrackedTicket(token)
  const reply = useVisitorReply(token)
  if (ticket.isPending) return <LoadingBlock label={t('support.thread.loading')} rows={4} />
  if (ticket.isError) {
    const status = ticket.error instanceof ApiError ? ticket.error.status : undefined
    if (status === 404) return refused('invalid')
    if (status === 410) return refused('expired')
    return <LoadError title={t('support.thread.loadFailed')} query={ticket} />
  }
  const finished = ticket.data.status === 'resolved' || ticket.data.status === 'closed'
  return (
    <div className="grid gap-6" data-testid="tracked-ticket">
      <TicketHeader ticket={ticket.data} />
      <TicketThread ticket={ticket.data} attachmentUrl={attachmentUrls.visitor(token)} />
      <section className="grid gap-3" aria-labelledby="tracked-reply">
        <h2 id="tracked-reply" className="text-lg font-semibold">
          {t('support.thread.reply')}
        </h2>
        <ReplyForm send={reply} closed={finished} writer="visitor" />
        <p className="text-sm text-muted-foreground">{t('support.thread.replyByMail')}</p>
      </section>
    </div>
  )
}
