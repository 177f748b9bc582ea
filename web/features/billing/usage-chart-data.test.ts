import { describe, expect, it } from 'vitest'
import { unitsOfCents } from '#common/pricing.ts'
import type { Usage } from '#common/schemas/billing.ts'
import { clusterKey, usageChartRows } from './usage-chart-data.ts'

const usage = {
  month: '2026-11',
  currency: 'EUR',
  days: [
    {
      date: '2026-11-01',
      amountCents: 3_000,
      byKind: [],
      byCluster: [
        { clusterId: 'a', amountCents: 2_000 },
        { clusterId: null, amountCents: 1_000 },
      ],
      forecast: false,
    },
    {
      date: '2026-11-02',
      amountCents: 500,
      byKind: [],
      byCluster: [{ clusterId: 'a', amountCents: 500 }],
      forecast: false,
    },
    { date: '2026-11-03', amountCents: 4_000, byKind: [], byCluster: [], forecast: true },
  ],
  clusters: [],
  byKind: [],
  totalCents: 3_500,
  forecastCents: 7_500,
  recordCount: 4,
  months: ['2026-11'],
} satisfies Usage

describe('usage chart rows', () => {
  it('puts each cluster in its series, the forecast apart, starting on the last metered day', () => {
    const series = [
      { key: clusterKey('a'), label: 'a' },
      { key: clusterKey(null), label: 'Organization' },
    ]
    const rows = usageChartRows(
      usage,
      series,
      (day) =>
        day.byCluster.map((amount) => ({
          key: clusterKey(amount.clusterId),
          amountCents: amount.amountCents,
        })),
      unitsOfCents,
    )
    expect(rows).toEqual([
      { date: '2026-11-01', total: 30, forecast: null, 'cluster:a': 20, 'cluster:organization': 10 },
      { date: '2026-11-02', total: 5, forecast: 5, 'cluster:a': 5, 'cluster:organization': null },
      { date: '2026-11-03', total: null, forecast: 40, 'cluster:a': null, 'cluster:organization': null },
    ])
  })
})
