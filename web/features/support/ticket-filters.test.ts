import { describe, expect, it } from 'vitest'
import { searchParamsWithTicketFilters, ticketFiltersFrom } from './ticket-filters.ts'

describe('the ticket filters in the address', () => {
  it('read known values and drop the others', () => {
    expect(ticketFiltersFrom(new URLSearchParams('status=open&category=billing&priority=P9'))).toEqual({
      status: 'open',
      category: 'billing',
      priority: undefined,
    })
  })

  it('write the filters that are set and keep the rest of the address', () => {
    const next = searchParamsWithTicketFilters(new URLSearchParams('tab=x&status=open'), {
      status: undefined,
      category: 'technical',
      priority: 'P2',
    })
    expect(next.toString()).toBe('tab=x&category=technical&priority=P2')
  })
})
