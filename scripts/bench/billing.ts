/**
 * `npm run bench:billing`: BENCH_BILLING_ORGANIZATIONS (default 1,000) organizations with 5 running
 * clusters each (control plane, two node pools and an add-on: 4 billable resources a cluster), metered
 * for 24 hourly runs, then invoiced: their 1,000 invoices issued one transaction each, as on the 1st.
 * Metering and invoicing run in this process against an embedded PostgreSQL, through the same
 * functions the jobs call. Prints usage records per second, the time of one hourly run, invoices
 * per second and the peak resident memory.
 */

import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { FALLBACK_RATES } from '#common/money.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { clusters, organizations } from '#server/db/schema/index.ts'
import { seedDatabase } from '#server/db/seed/index.ts'
import { plainConfiguration } from '#server/db/seed/running-cluster.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { issueMonthlyInvoices, meterHour, syncClusterMeter } from '#server/modules/billing/index.ts'
import {
  forEachWithConcurrency,
  formatNumber,
  numberFromEnvironment,
  percentile,
  printTable,
  runBench,
} from './harness.ts'

const organizationCount = Math.floor(numberFromEnvironment('BENCH_BILLING_ORGANIZATIONS', 1_000, 100_000))
const hourCount = Math.floor(numberFromEnvironment('BENCH_BILLING_HOURS', 24, 744))
const CLUSTERS_PER_ORGANIZATION = 5
const MONTH = '2026-10'
const START = new Date(`${MONTH}-01T00:00:00Z`)

await runBench('bench:billing', 30 * 60_000, async (bench) => {
  const { db } = await bench.startDatabase()
  await migrateDatabase(db)
  await seedDatabase(db, { demoData: false })

  let peakRss = process.memoryUsage().rss
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss)
  }, 100)
  bench.onCleanup(() => clearInterval(sampler))

  const setupStart = performance.now()
  const organizationIds: string[] = []
  for (let index = 0; index < organizationCount; index += 500) {
    const rows = await db
      .insert(organizations)
      .values(
        Array.from({ length: Math.min(500, organizationCount - index) }, (_, offset) => ({
          name: `Bench Company ${index + offset}`,
          billingId: `cd-bench-${randomBytes(6).toString('hex')}`,
          countryCode: ['FR', 'DE', 'US'][(index + offset) % 3]!,
          vatNumber: (index + offset) % 3 === 1 ? 'DE123456789' : null,
        })),
      )
      .returning({ id: organizations.id })
    organizationIds.push(...rows.map((row) => row.id))
  }
  await forEachWithConcurrency(organizationIds, 8, async (organizationId) => {
    await inTransaction(db, async ({ tx }) => {
      const created = await tx
        .insert(clusters)
        .values(
          Array.from({ length: CLUSTERS_PER_ORGANIZATION }, (_, index) => {
            const config = plainConfiguration(`bench-${index}`)
            return {
              organizationId,
              name: config.name,
              status: 'running' as const,
              clusterTypeId: config.clusterTypeId,
              dataCenterCode: config.dataCenterCode,
              kubernetesVersion: config.kubernetesVersion,
              kubernetesPatch: '1.36.6',
              configuration: config,
            }
          }),
        )
        .returning({ id: clusters.id })
      for (const cluster of created) await syncClusterMeter(tx, cluster.id, START)
    })
  })
  console.log(
    `${formatNumber(organizationCount)} organizations × ${CLUSTERS_PER_ORGANIZATION} clusters set up in ${formatNumber((performance.now() - setupStart) / 1000, 1)} s`,
  )

  const runTimes: number[] = []
  let records = 0
  const meterStart = performance.now()
  for (let hour = 0; hour < hourCount; hour++) {
    const started = performance.now()
    records += await meterHour(db, new Date(START.getTime() + hour * 3_600_000))
    runTimes.push(performance.now() - started)
  }
  const meterSeconds = (performance.now() - meterStart) / 1000

  const invoiceStart = performance.now()
  const invoices = await issueMonthlyInvoices(db, {
    month: MONTH,
    rates: FALLBACK_RATES,
    at: new Date('2026-11-01T00:15:00Z'),
  })
  const invoiceSeconds = (performance.now() - invoiceStart) / 1000
  clearInterval(sampler)

  const sorted = [...runTimes].sort((a, b) => a - b)
  printTable(
    ['figure', 'value'],
    [
      ['usage records', formatNumber(records)],
      ['usage records per second', formatNumber(records / meterSeconds)],
      ['one hourly run, median', `${formatNumber(percentile(sorted, 0.5))} ms`],
      ['one hourly run, slowest', `${formatNumber(sorted.at(-1) ?? 0)} ms`],
      ['invoices issued', formatNumber(invoices.length)],
      ['invoices per second', formatNumber(invoices.length / invoiceSeconds, 1)],
      ['peak resident memory', `${formatNumber(peakRss / 1024 / 1024)} MiB`],
    ],
  )
  if (invoices.length !== organizationCount)
    throw new Error(`Expected ${organizationCount} invoices, got ${invoices.length}`)
})
