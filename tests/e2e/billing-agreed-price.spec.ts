import { randomUUID } from 'node:crypto'
import type { ExchangeRates } from '../../common/money.ts'
import { formatAmount, formatCents, formatMillicents } from '../../common/pricing.ts'
import type { Invoice, Usage } from '../../common/schemas/billing.ts'
import type { ClusterDetail } from '../../common/schemas/clusters.ts'
import type { Order } from '../../common/schemas/orders.ts'
import { blueConfiguration } from '../helpers/orders.ts'
import { expect, test } from './support/fixtures.ts'
import { currentHour, meterHours } from './support/metering.ts'
import { Registrar, signInAsFreshAdmin } from './support/registrations.ts'

/**
 * A new company (its Billing ID made by the server) orders a cluster with PARIS: the price it
 * agreed to is the one its cluster page, the hourly estimate, /usage and its next invoice show.
 */

test('a new company orders with PARIS and sees the agreed price on the cluster, /usage and its invoice', async ({
  page,
  playwright,
}, testInfo) => {
  const registrar = await Registrar.open(playwright, testInfo.project.use.baseURL)
  const admin = await registrar.registerVerified()
  await registrar.close()
  // The company never typed a Billing ID: the server made one.
  expect(admin.companyId).toMatch(/^CD-[A-Z0-9]{8}$/)
  await signInAsFreshAdmin(page, admin)
  const rates = ((await (await page.request.get('/api/rates')).json()) as { rates: ExchangeRates }).rates

  const ordered = await page.request.post('/api/orders', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      configuration: blueConfiguration(),
      billingCycle: 'monthly',
      currency: 'EUR',
      promoCode: 'PARIS',
    },
  })
  expect(ordered.status(), await ordered.text()).toBe(201)
  const order = (await ordered.json()) as Order
  const price = order.price!
  expect(price.promoCode).toBe('PARIS')
  expect(price.totalCents).toBeLessThan(price.subtotalCents)
  const clusterId = order.clusterId!
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/clusters/${clusterId}`)).json()) as ClusterDetail).status,
      { timeout: 60_000 },
    )
    .toBe('running')

  // The cluster page: the agreed monthly total and its hourly price, the promotion named.
  await page.goto(`/clusters/${clusterId}`)
  const breakdown = page.getByTestId('price-breakdown')
  await expect(breakdown.getByTestId('monthly-total')).toHaveText(formatCents(price.totalCents, 'EUR', rates))
  await expect(breakdown).toContainText('Promotion PARIS')
  await expect(breakdown).toContainText(`${formatMillicents(price.hourlyMillicents, 'EUR', rates)} per hour`)
  expect(formatMillicents(price.hourlyMillicents, 'EUR', rates)).toMatch(/^€\d+\.\d{4}$/)

  // An hour metered at the agreed prices, on /usage and on the month's invoice alike.
  const hour = currentHour()
  expect((await meterHours(page, [hour])).length).toBeGreaterThan(0)
  const month = hour.slice(0, 7)
  const usage = (await (await page.request.get(`/api/usage?month=${month}`)).json()) as Usage
  expect(usage.totalCents).toBeGreaterThan(0)
  await page.goto('/usage')
  await expect(page.getByTestId('usage-total')).toContainText(formatAmount(usage.totalCents, usage.currency))

  const issued = await page.request.post('/api/dev/billing/invoices', { data: { month } })
  expect(issued.status(), await issued.text()).toBe(201)
  const { id } = (await issued.json()) as { id: string }
  const invoice = (await (await page.request.get(`/api/billing/invoices/${id}`)).json()) as Invoice
  expect(invoice.subtotalCents).toBe(usage.totalCents)
  expect(invoice.lines.some((line) => line.kind === 'discount')).toBe(false)
  // The control plane's hour is charged at the agreed hourly price: the list price less 5%.
  const controlPlane = invoice.lines.find((line) => line.kind === 'control_plane')!
  const listHourly = Math.round((price.monthly.clusterTypeCents * 1_000) / 730 / 10) * 10
  expect(controlPlane.unitPriceMillicents!).toBeLessThan(Math.round(listHourly * invoice.exchangeRate))
  expect(controlPlane.amountCents).toBe(
    Math.round((controlPlane.quantity * controlPlane.unitPriceMillicents!) / 1_000),
  )
})
