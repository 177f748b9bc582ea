import type { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { Endpoint } from '#common/contract/endpoint.ts'
import { officers } from '#common/contract/officers.ts'
import { support } from '#common/contract/support.ts'
import { apiKey, changesOf, readsOf } from '#web/lib/api/queries.ts'
import { refreshAfter, refreshAfterMessage, refreshResources } from '#web/lib/api/refresh.ts'
import { createQueryClient } from '#web/lib/query-client.ts'
import { attachmentUrls, TICKET_MOVES } from './support.ts'

const TICKET_ID = '3f1c2a64-5a0e-4d7e-9b1a-0c6b1f2d9e11'
const ATTACHMENT_ID = '9d7e6c5b-4a3f-4e2d-8c1b-0a9f8e7d6c5b'

/** The support screens' queries, cached as the hooks key them, with their meta. */
function supportScreens() {
  const queryClient = createQueryClient()
  const cached = (endpoint: Endpoint, input?: object) => {
    const key = apiKey(endpoint, input as never)
    queryClient.getQueryCache().build(queryClient, { queryKey: key, meta: readsOf(endpoint) })
    queryClient.setQueryData(key, { cached: endpoint.id })
    return key
  }
  const screens = {
    overview: cached(support.overview),
    memberList: cached(support.tickets, { query: { status: 'open' } }),
    memberThread: cached(support.ticket, { params: { id: TICKET_ID } }),
    visitorThread: cached(support.trackedTicket, { query: { token: 'tracking-token' } }),
    officerQueue: cached(officers.tickets, { query: {} }),
    officerThread: cached(officers.ticket, { params: { id: TICKET_ID } }),
  }
  const unrelated = {
    resources: cached(support.resources),
    supportOfficers: cached(officers.supportOfficers),
  }
  return { queryClient, screens, unrelated }
}

const stale = (queryClient: QueryClient, key: readonly unknown[]) =>
  queryClient.getQueryState(key)?.isInvalidated === true

describe('what a change of a ticket refreshes', () => {
  it('a ticket message on the socket refreshes every ticket screen, the officers’ and the visitor’s included', async () => {
    const { queryClient, screens, unrelated } = supportScreens()
    await refreshAfterMessage(queryClient, { type: 'ticket', ticketId: TICKET_ID, status: 'open' })
    for (const [name, key] of Object.entries(screens)) expect(stale(queryClient, key), name).toBe(true)
    for (const [name, key] of Object.entries(unrelated)) expect(stale(queryClient, key), name).toBe(false)
  })

  it.each([
    ['a new ticket', support.openTicket],
    ['a customer’s reply', support.reply],
    ['a rating', support.rate],
    ['a visitor’s reply', support.replyToTrackedTicket],
    ['an officer’s reply', officers.replyToTicket],
    ['an officer’s change of state', officers.updateTicket],
  ])('%s refreshes every ticket screen', async (_change, endpoint) => {
    const { queryClient, screens } = supportScreens()
    await refreshAfter(queryClient, endpoint)
    for (const [name, key] of Object.entries(screens)) expect(stale(queryClient, key), name).toBe(true)
  })

  it('resolving, closing and reopening change the same, so one meta serves the three', async () => {
    for (const move of Object.values(TICKET_MOVES))
      expect(changesOf(move).changes).toEqual(support.resolve.changes)
    const { queryClient, screens } = supportScreens()
    await refreshResources(queryClient, changesOf(support.resolve).changes ?? [])
    for (const [name, key] of Object.entries(screens)) expect(stale(queryClient, key), name).toBe(true)
  })

  it('a support plan upgrade refreshes the overview, which shows the plan', async () => {
    const { queryClient, screens } = supportScreens()
    await refreshAfter(queryClient, support.upgradePlan)
    expect(stale(queryClient, screens.overview)).toBe(true)
  })
})

describe('where a ticket’s files download from', () => {
  const url = (path: string) => new URL(path, 'https://app.example')

  it('each reader from their own endpoint, with the ticket and the file in the path', () => {
    const member = url(attachmentUrls.member(TICKET_ID)(ATTACHMENT_ID))
    const officer = url(attachmentUrls.officer(TICKET_ID)(ATTACHMENT_ID))
    for (const address of [member, officer]) {
      expect(address.pathname).toContain(`/${TICKET_ID}/`)
      expect(address.pathname.endsWith(`/${ATTACHMENT_ID}`)).toBe(true)
    }
    expect(member.pathname).not.toBe(officer.pathname)
  })

  it('a visitor through their tracking link, whose token goes in the query as it is', () => {
    const token = 'a token/with+signs&more'
    const visitor = url(attachmentUrls.visitor(token)(ATTACHMENT_ID))
    expect(visitor.pathname.endsWith(`/${ATTACHMENT_ID}`)).toBe(true)
    expect(visitor.searchParams.get('token')).toBe(token)
  })
})
