import { describe, expect, it } from 'vitest'
import { invoiceFiltersFrom, searchParamsWithInvoiceFilters } from './invoice-filters.ts'

describe('invoice filters in the URL', () => {
  it('reads a known status and a plausible year, and ignores anything else', () => {
    expect(invoiceFiltersFrom(new URLSearchParams('status=overdue&year=2026'))).toEqual({
      status: 'overdue',
      year: 2026,
    })
    expect(invoiceFiltersFrom(new URLSearchParams('status=lost&year=abc'))).toEqual({
      status: null,
      year: null,
    })
    expect(invoiceFiltersFrom(new URLSearchParams('year=1850'))).toEqual({ status: null, year: null })
  })

  it('writes the filters and removes the cleared ones, keeping other parameters', () => {
    const written = searchParamsWithInvoiceFilters(new URLSearchParams('tab=x&year=2025'), {
      status: 'paid',
      year: null,
    })
    expect(written.toString()).toBe('tab=x&status=paid')
  })
})
