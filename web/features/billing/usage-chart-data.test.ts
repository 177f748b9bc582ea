import { describe, expect, it } from 'vitest'
import type { Usage } from '#common/schemas/billing.ts'
import { clusterKey, usageChartRows } from './usage-chart-data.ts'

const usage = {
  month: '2026-11',
  days: [
    {
      date: '2026-11-01',
      amountMillicents: 3_000,
      byKind: [],
      byCluster: [
        { clusterId: 'a', amountMillicents: 2_000 },
        { clusterId: null, amountMillicents: 1_000 },
      ],
      forecast: false,
    },
    {
      date: '2026-11-02',
      amountMillicents: 500,
      byKind: [],
      byCluster: [{ clusterId: 'a', amountMillicents: 500 }],
      forecast: false,
    },
    { date: '2026-11-03', amountMillicents: 4_000, byKind: [], byCluster: [], forecast: true },
  ],
  clusters: [],
  byKind: [],
  totalMillicents: 3_500,
  forecastMillicents: 7_500,
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
          amountMillicents: amount.amountMillicents,
        })),
      (millicents) => millicents / 1_000,
    )
    expect(rows).toEqual([
      { date: '2026-11-01', total: 3, forecast: null, 'cluster:a': 2, 'cluster:organization': 1 },
      { date: '2026-11-02', total: 0.5, forecast: 0.5, 'cluster:a': 0.5, 'cluster:organization': null },
      { date: '2026-11-03', total: null, forecast: 4, 'cluster:a': null, 'cluster:organization': null },
    ])
  })
})
