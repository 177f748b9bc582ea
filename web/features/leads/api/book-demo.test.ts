import { describe, expect, it } from 'vitest'
import { leads } from '#common/contract/leads.ts'
import { refreshAfter } from '#web/lib/api/refresh.ts'
import { createQueryClient } from '#web/lib/query-client.ts'
import { demoSlotsQueryOptions } from './get-demo-slots.ts'

describe('the free demo slots', () => {
  it('are read again after a booking (and after a refusal, which refreshes the same)', async () => {
    const queryClient = createQueryClient()
    const { queryKey, meta } = demoSlotsQueryOptions
    queryClient.getQueryCache().build(queryClient, { queryKey, meta })
    queryClient.setQueryData(queryKey, { timeZone: 'Europe/Paris', slotMinutes: 30, slots: [] })

    await refreshAfter(queryClient, leads.scheduleDemo)

    expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(true)
  })

  it('are anyone’s to read: they stay when someone signs out', () => {
    expect(demoSlotsQueryOptions.meta?.personal).toBe(false)
  })
})
