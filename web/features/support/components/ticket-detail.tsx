import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import type { Ticket } from '#common/schemas/support.ts'
import { usePageTitle } from '#web/components/layout/page-title.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { attachmentUrls, useMoveTicket, useRateTicket, useReply, useTicket } from '../api/support.ts'
import { useTicketLiveUpdates } from '../hooks/use-ticket-live-updates.ts'
import { RatingForm } from './rating-form.tsx'
import { ReplyForm } from './reply-form.tsx'
import { TicketPriorityBadge, TicketStatusBadge } from './ticket-badges.tsx'
import { TicketClocks } from './ticket-clocks.tsx'
import { TicketThread } from './ticket-thread.tsx'
import '#web/lib/strings/support.ts'

/** /orders/support/{id}: the thread, its state and clocks, reply, resolve or close, reopen, rate. */
export function TicketDetail({ id }: { id: string }) {
  const { t } = useTranslation()
  useTicketLiveUpdates()
  const ticket = useTicket(id)
  usePageTitle(ticket.data ? `${ticket.data.number} · ${ticket.data.subject}` : undefined)
  return (
    <div className="grid gap-6">
      <Button asChild variant="ghost" size="sm" className="justify-self-start">
        <Link to={href('supportOrders')}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('support.thread.back')}
        </Link>
      </Button>
      {ticket.isPending ? (
        <LoadingBlock label={t('support.thread.loading')} rows={4} />
      ) : ticket.isError ? (
        ticket.error instanceof ApiError && ticket.error.status === 404 ? (
          <p className="rounded-xl border border-dashed p-6">{t('support.thread.notFound')}</p>
        ) : (
          <LoadError title={t('support.thread.loadFailed')} query={ticket} />
        )
      ) : (
        <MemberTicket ticket={ticket.data} />
      )}
    </div>
  )
}

function MemberTicket({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation()
  const reply = useReply(ticket.id)
  const move = useMoveTicket(ticket.id)
  const rate = useRateTicket(ticket.id)
  const finished = ticket.status === 'resolved' || ticket.status === 'closed'
  const moveTo = (target: 'resolve' | 'close' | 'reopen') =>
    move.mutate(target, {
      onSuccess: () => toast({ variant: 'success', title: t(`support.thread.moved.${target}`) }),
      onError: (error) => toast({ variant: 'destructive', title: error.message }),
    })
  return (
    <>
      <TicketHeader ticket={ticket} />
      <TicketThread ticket={ticket} attachmentUrl={attachmentUrls.member(ticket.id)} />
      <div className="flex flex-wrap gap-2">
        {!finished && (
          <Button variant="outline" disabled={move.isPending} onClick={() => moveTo('resolve')}>
            {t('support.thread.resolve')}
          </Button>
        )}
        {ticket.status !== 'closed' && (
          <Button variant="outline" disabled={move.isPending} onClick={() => moveTo('close')}>
            {t('support.thread.close')}
          </Button>
        )}
        {finished && (
          <Button variant="outline" disabled={move.isPending} onClick={() => moveTo('reopen')}>
            {t('support.thread.reopen')}
          </Button>
        )}
      </div>
      {finished && <RatingForm ticket={ticket} rate={rate} />}
      <section className="grid gap-3" aria-labelledby="ticket-reply">
        <h2 id="ticket-reply" className="text-lg font-semibold">
          {t('support.thread.reply')}
        </h2>
        <ReplyForm send={reply} closed={finished} />
        <p className="text-sm text-muted-foreground">{t('support.thread.replyByMail')}</p>
      </section>
    </>
  )
}

/** Number, subject, state, priority, category, plan, what it is about, who is copied, the clocks. */
export function TicketHeader({ ticket, officer = false }: { ticket: Ticket; officer?: boolean }) {
  const { t } = useTranslation()
  const format = useDateFormat()
  return (
    <header className="grid gap-4">
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm text-muted-foreground">{ticket.number}</span>
          <TicketPriorityBadge priority={ticket.priority} />
          <TicketStatusBadge status={ticket.status} officer={officer} />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{ticket.subject}</h1>
        <p className="text-sm text-muted-foreground">
          {[
            t(`support.category.${ticket.category}`),
            ticket.resource
              ? `${t(`support.resourceKind.${ticket.resource.kind}`)} ${ticket.resource.label}`
              : null,
            t('support.thread.plan', { plan: ticket.plan.name }),
            t('support.thread.openedBy', {
              name: ticket.requesterName,
              when: format.relative(ticket.createdAt),
            }),
            ticket.cc.length > 0 ? t('support.thread.cc', { addresses: ticket.cc.join(', ') }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      <TicketClocks ticket={ticket} />
    </header>
  )
}
