import { describe, expect, it } from 'vitest'
import { officers } from '#common/contract/officers.ts'
import { changesOf } from '#web/lib/api/queries.ts'
import { refreshResources } from '#web/lib/api/refresh.ts'
import { createQueryClient } from '#web/lib/query-client.ts'
import { pendingOrdersQueryOptions } from './order-approvals.ts'

describe('the officers’ queue of orders waiting for approval', () => {
  it('asks for the orders waiting for approval, a hundred at a time', () => {
    expect(pendingOrdersQueryOptions.queryKey).toEqual([
      officers.orders.id,
      { query: { status: 'pending_approval', limit: 100 } },
    ])
    expect(pendingOrdersQueryOptions.refetchInterval).toBe(15_000)
  })

  it('declining changes what approving changes, so one meta serves both decisions', () => {
    expect(officers.rejectOrder.changes).toEqual(officers.approveOrder.changes)
  })

  it('a decision refreshes the queue', async () => {
    const queryClient = createQueryClient()
    const { queryKey, meta } = pendingOrdersQueryOptions
    queryClient.getQueryCache().build(queryClient, { queryKey, meta })
    queryClient.setQueryData(queryKey, { items: [], nextCursor: null })

    await refreshResources(queryClient, changesOf(officers.approveOrder).changes ?? [])

    expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(true)
  })
})
