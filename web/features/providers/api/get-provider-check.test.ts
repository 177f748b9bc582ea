import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { catalog } from '#common/contract/catalog.ts'
import type { ProviderCheckResult } from '#common/schemas/providers.ts'
import { apiQuery } from '#web/lib/api/queries.ts'
import { removePersonalData } from '#web/lib/api/refresh.ts'
import { providerCheckQueryOptions } from './get-provider-check.ts'

const check: ProviderCheckResult = {
  provider: 'aws',
  driver: 'simulated',
  simulated: true,
  ok: true,
  steps: [],
  checkedAt: '2026-11-27T10:00:00.000Z',
  durationMs: 3,
}

describe('the provider checks at logout', () => {
  it('go with the operator who ran them, while the catalog anyone reads stays', async () => {
    const queryClient = new QueryClient()
    // Kept past the check's own gcTime of 0, so that only its meta can remove it.
    await queryClient.fetchQuery({
      ...providerCheckQueryOptions('aws'),
      queryFn: () => check,
      gcTime: Infinity,
    })
    await queryClient.fetchQuery({ ...apiQuery(catalog.clusterTiers), queryFn: () => [] })
    removePersonalData(queryClient)
    const left = queryClient.getQueryCache().getAll()
    expect(left.map((query) => query.queryKey[0])).toEqual(['catalog.clusterTiers'])
  })
})
