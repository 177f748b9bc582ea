import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { queryString } from '#common/routes.ts'
import type { Order } from '#common/schemas/clusters.ts'
import type {
  NewTicket,
  OfficerReplyInput,
  OfficerTicketQuery,
  OfficerTicketUpdate,
  PublicTicket,
  RatingInput,
  ReplyInput,
  SupportOverview,
  Ticket,
  TicketListQuery,
  TicketResource,
  TicketSummary,
  TrackTicketInput,
} from '#common/schemas/support.ts'
import { apiRequest, queryPath } from '#web/lib/api-client.ts'

export const SUPPORT_PATH = '/api/support'
export const TICKETS_PATH = '/api/support/tickets'
export const OFFICER_TICKETS_PATH = '/api/officers/tickets'
const PUBLIC_THREAD_PATH = '/api/support/public/thread'

export const useSupportOverview = (enabled = true) =>
  useQuery({
    queryKey: [`${SUPPORT_PATH}/overview`],
    queryFn: async ({ signal }) =>
      (await queryPath<SupportOverview>(`${SUPPORT_PATH}/overview`, 'throw', signal))!,
    enabled,
  })

export const useTicketResources = () =>
  useQuery({
    queryKey: [`${SUPPORT_PATH}/resources`],
    queryFn: async ({ signal }) =>
      (await queryPath<{ items: TicketResource[] }>(`${SUPPORT_PATH}/resources`, 'throw', signal))!.items,
  })

export const ticketsQueryOptions = (query: TicketListQuery) =>
  queryOptions({
    queryKey: [TICKETS_PATH, query],
    queryFn: async ({ signal }) =>
      (await queryPath<{ items: TicketSummary[] }>(`${TICKETS_PATH}${queryString(query)}`, 'throw', signal))!
        .items,
  })
export const useTickets = (query: TicketListQuery) => useQuery(ticketsQueryOptions(query))

export const useTicket = (id: string) =>
  useQuery({
    queryKey: [TICKETS_PATH, id],
    queryFn: async ({ signal }) => (await queryPath<Ticket>(`${TICKETS_PATH}/${id}`, 'throw', signal))!,
  })

/** Whether a query reads tickets (the members', the visitors' or the officers'). */
export function readsSupportData(queryKey: readonly unknown[]): boolean {
  return typeof queryKey[0] === 'string' && /^\/api\/(support|officers\/tickets)/.test(queryKey[0])
}

/** Any change to a ticket refreshes every support query, the officers' included. */
function useSupportMutation<Variables, Answer>(request: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: request,
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (query) => readsSupportData(query.queryKey) }),
  })
}

export const useOpenTicket = () =>
  useSupportMutation((ticket: NewTicket) => apiRequest<Ticket>('POST', TICKETS_PATH, ticket))

export const useReply = (id: string) =>
  useSupportMutation((reply: ReplyInput) =>
    apiRequest<Ticket>('POST', `${TICKETS_PATH}/${id}/messages`, reply),
  )

export const useMoveTicket = (id: string) =>
  useSupportMutation((move: 'resolve' | 'close' | 'reopen') =>
    apiRequest<Ticket>('POST', `${TICKETS_PATH}/${id}/${move}`),
  )

export const useRateTicket = (id: string) =>
  useSupportMutation((rating: RatingInput) =>
    apiRequest<Ticket>('POST', `${TICKETS_PATH}/${id}/rating`, rating),
  )

// The public site's desk: a visitor's ticket, the tracking mail, and the thread a tracking link opens.

export const useSubmitPublicTicket = () =>
  useMutation({
    mutationFn: (ticket: PublicTicket) =>
      apiRequest<{ message: string }>('POST', `${SUPPORT_PATH}/public/tickets`, ticket),
  })

export const useTrackTicket = () =>
  useMutation({
    mutationFn: (request: TrackTicketInput) =>
      apiRequest<{ message: string }>('POST', `${SUPPORT_PATH}/public/track`, request),
  })

export const useTrackedTicket = (token: string) =>
  useQuery({
    queryKey: [PUBLIC_THREAD_PATH, token],
    queryFn: async ({ signal }) =>
      (await queryPath<Ticket>(`${PUBLIC_THREAD_PATH}?token=${encodeURIComponent(token)}`, 'throw', signal))!,
    retry: false,
  })

export const useVisitorReply = (token: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (reply: ReplyInput) =>
      apiRequest<Ticket>('POST', `${PUBLIC_THREAD_PATH}/messages`, { ...reply, token }),
    onSuccess: (ticket) => queryClient.setQueryData([PUBLIC_THREAD_PATH, token], ticket),
  })
}

/** Where each reader downloads a ticket's files from. */
export const attachmentUrls = {
  member: (ticketId: string) => (attachmentId: string) =>
    `${TICKETS_PATH}/${ticketId}/attachments/${attachmentId}`,
  officer: (ticketId: string) => (attachmentId: string) =>
    `${OFFICER_TICKETS_PATH}/${ticketId}/attachments/${attachmentId}`,
  visitor: (token: string) => (attachmentId: string) =>
    `${PUBLIC_THREAD_PATH}/attachments/${attachmentId}?token=${encodeURIComponent(token)}`,
}

// The officers' queue.

export const useOfficerTickets = (query: OfficerTicketQuery) =>
  useQuery({
    queryKey: [OFFICER_TICKETS_PATH, query],
    queryFn: async ({ signal }) =>
      (await queryPath<{ items: TicketSummary[] }>(
        `${OFFICER_TICKETS_PATH}${queryString(query)}`,
        'throw',
        signal,
      ))!.items,
  })

export const useOfficerTicket = (id: string) =>
  useQuery({
    queryKey: [OFFICER_TICKETS_PATH, id],
    queryFn: async ({ signal }) =>
      (await queryPath<Ticket>(`${OFFICER_TICKETS_PATH}/${id}`, 'throw', signal))!,
  })

export const useSupportOfficers = () =>
  useQuery({
    queryKey: ['/api/officers/support-officers'],
    queryFn: async ({ signal }) =>
      (await queryPath<{ items: { id: string; name: string }[] }>(
        '/api/officers/support-officers',
        'throw',
        signal,
      ))!.items,
  })

export const useOfficerReply = (id: string) =>
  useSupportMutation((reply: OfficerReplyInput) =>
    apiRequest<Ticket>('POST', `${OFFICER_TICKETS_PATH}/${id}/messages`, reply),
  )

export const useUpdateTicket = (id: string) =>
  useSupportMutation((update: OfficerTicketUpdate) =>
    apiRequest<Ticket>('PATCH', `${OFFICER_TICKETS_PATH}/${id}`, update),
  )

export const useUpgradeSupportPlan = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ planId, currency, key }: { planId: string; currency: string; key: string }) =>
      apiRequest<Order>(
        'POST',
        `${SUPPORT_PATH}/plan-upgrade`,
        { planId, currency },
        { headers: { 'Idempotency-Key': key } },
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          typeof query.queryKey[0] === 'string' && /^\/api\/(support|orders|billing)/.test(query.queryKey[0]),
      }),
  })
}
