import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { officers } from '#common/contract/officers.ts'
import { support } from '#common/contract/support.ts'
import type { Currency } from '#common/money.ts'
import type {
  NewTicket,
  OfficerReplyInput,
  OfficerTicketQuery,
  OfficerTicketUpdate,
  PublicTicket,
  RatingInput,
  ReplyInput,
  TicketListQuery,
  TrackTicketInput,
} from '#common/schemas/support.ts'
import { callApi, urlOf } from '#web/lib/api/call.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'
import { apiKey, apiQuery, changesOf } from '#web/lib/api/queries.ts'

/*
 * The support desk's calls. Every ticket query reads `tickets` and every ticket change changes
 * them (the contract), so a reply, a move or a rating refreshes the lists, the thread and the
 * officers' queue without naming them.
 */

const items = <Item>(page: { items: Item[] }) => page.items

export const useSupportOverview = (enabled = true) => useQuery({ ...apiQuery(support.overview), enabled })

export const useTicketResources = () => useQuery({ ...apiQuery(support.resources), select: items })

export const useTickets = (query: TicketListQuery) =>
  useQuery({ ...apiQuery(support.tickets, { query }), select: items })

export const useTicket = (id: string) => useQuery(apiQuery(support.ticket, { params: { id } }))

export const useOpenTicket = () =>
  useApiMutation(support.openTicket, { input: (ticket: NewTicket) => ({ body: ticket }) })

export const useReply = (id: string) =>
  useApiMutation(support.reply, { input: (reply: ReplyInput) => ({ params: { id }, body: reply }) })

/** The customer's moves of a ticket: three endpoints that change the same thing. */
export const TICKET_MOVES = { resolve: support.resolve, close: support.close, reopen: support.reopen }
export type TicketMove = keyof typeof TICKET_MOVES

export const useMoveTicket = (id: string) =>
  useMutation({
    mutationFn: (move: TicketMove) => callApi(TICKET_MOVES[move], { params: { id } }),
    meta: changesOf(support.resolve),
  })

export const useRateTicket = (id: string) =>
  useApiMutation(support.rate, { input: (rating: RatingInput) => ({ params: { id }, body: rating }) })

// The public site's desk: a visitor's ticket, the tracking mail, and the thread a tracking link opens.

export const useSubmitPublicTicket = () =>
  useApiMutation(support.openVisitorTicket, { input: (ticket: PublicTicket) => ({ body: ticket }) })

export const useTrackTicket = () =>
  useApiMutation(support.mailTrackingLink, { input: (request: TrackTicketInput) => ({ body: request }) })

const trackedTicketInput = (token: string) => ({ query: { token } })

export const useTrackedTicket = (token: string) =>
  useQuery({ ...apiQuery(support.trackedTicket, trackedTicketInput(token)), retry: false })

export const useVisitorReply = (token: string) => {
  const queryClient = useQueryClient()
  return useApiMutation(support.replyToTrackedTicket, {
    input: (reply: ReplyInput) => ({ body: { ...reply, token } }),
    onSuccess: (ticket) =>
      queryClient.setQueryData(apiKey(support.trackedTicket, trackedTicketInput(token)), ticket),
  })
}

/** Where each reader downloads a ticket's files from. */
export const attachmentUrls = {
  member: (ticketId: string) => (attachmentId: string) =>
    urlOf(support.attachment, { params: { id: ticketId, attachmentId } }),
  officer: (ticketId: string) => (attachmentId: string) =>
    urlOf(officers.ticketAttachment, { params: { id: ticketId, attachmentId } }),
  visitor: (token: string) => (attachmentId: string) =>
    urlOf(support.trackedAttachment, { params: { attachmentId }, query: { token } }),
}

// The officers' queue.

export const useOfficerTickets = (query: OfficerTicketQuery) =>
  useQuery({ ...apiQuery(officers.tickets, { query }), select: items })

export const useOfficerTicket = (id: string) => useQuery(apiQuery(officers.ticket, { params: { id } }))

export const useSupportOfficers = () => useQuery({ ...apiQuery(officers.supportOfficers), select: items })

export const useOfficerReply = (id: string) =>
  useApiMutation(officers.replyToTicket, {
    input: (reply: OfficerReplyInput) => ({ params: { id }, body: reply }),
  })

export const useUpdateTicket = (id: string) =>
  useApiMutation(officers.updateTicket, {
    input: (update: OfficerTicketUpdate) => ({ params: { id }, body: update }),
  })

/** A plan to move to, in the currency the admin sees, under the key that makes a retry the same order. */
export type PlanUpgrade = { planId: string; currency: Currency; key: string }

export const useUpgradeSupportPlan = () =>
  useApiMutation(support.upgradePlan, {
    input: ({ planId, currency, key }: PlanUpgrade) => ({
      body: { planId, currency },
      headers: { 'idempotency-key': key },
    }),
  })
