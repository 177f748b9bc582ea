import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { ExchangeRates } from '../../common/money.ts'
import { formatAmount, formatCents } from '../../common/pricing.ts'
import type { Invoice, Usage } from '../../common/schemas/billing.ts'
import { lineDescriptionIn } from '../../server/modules/billing/line-descriptions.ts'
import { blueConfiguration, orderBody } from '../helpers/orders.ts'
import { pdfText } from '../helpers/pdf.ts'
import { expect, signIn, test } from './support/fixtures.ts'
import { currentHour, HOUR_MS, meterHours, type UsageRecord } from './support/metering.ts'
import { Registrar, signInAsFreshAdmin } from './support/registrations.ts'
import { deliverStripeWebhooks } from './support/stripe.ts'

/*
 * The money side as the demo organization's admin sees it: usage metered by the hourly job (driven
 * here for chosen hours), /usage showing it, the month's invoice and its PDF, and credits bought
 * through Checkout against the local Stripe server.
 */

// The steps share the demo organization's month: one after the other.
test.describe.configure({ mode: 'serial' })

test('metered hours show on /usage, and the month’s invoice PDF says what the API says', async ({ page }) => {
  await signIn(page, 'admin')
  const now = Date.now()
  const thisHour = Math.floor(now / HOUR_MS) * HOUR_MS
  const month = new Date(thisHour).toISOString().slice(0, 7)
  const hours = [2, 1, 0]
    .map((back) => new Date(thisHour - back * HOUR_MS))
    .filter((hour) => hour.toISOString().startsWith(month))
    .map((hour) => hour.toISOString())

  expect((await meterHours(page, hours)).length).toBeGreaterThan(0)
  const records = (await (
    await page.request.get(`/api/dev/billing/usage-records?month=${month}`)
  ).json()) as UsageRecord[]
  const usage = (await (await page.request.get(`/api/usage?month=${month}`)).json()) as Usage
  const today = new Date(thisHour).toISOString().slice(0, 10)
  const todayCents = usage.days.find((day) => day.date === today)!.amountCents
  expect(usage.totalCents).toBeGreaterThan(0)
  expect(usage.days.reduce((sum, day) => sum + (day.forecast ? 0 : day.amountCents), 0)).toBe(
    usage.totalCents,
  )

  await page.goto('/usage')
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible()
  await expect(page.getByTestId('usage-total')).toContainText(formatAmount(usage.totalCents, usage.currency))
  await expect(page.getByTestId('usage-records')).toContainText(String(records.length))
  for (const chart of ['usage-by-cluster', 'usage-by-kind']) {
    const figure = page.getByTestId(chart)
    // The drawing comes when the chart is near the screen, as someone scrolls to it.
    await figure.scrollIntoViewIfNeeded()
    await expect(figure.locator('[data-chart-bar]').first()).toBeVisible()
    const row = page.getByTestId(`${chart}-table`).locator(`tr[data-date="${today}"]`)
    await expect(row.locator('td').last()).toHaveText(formatAmount(todayCents, usage.currency))
  }

  const issued = await page.request.post('/api/dev/billing/invoices', { data: { month } })
  expect(issued.status(), await issued.text()).toBe(201)
  const { id, number } = (await issued.json()) as { id: string; number: string }
  const invoice = (await (await page.request.get(`/api/billing/invoices/${id}`)).json()) as Invoice
  expect(invoice.number).toBe(number)
  expect(invoice.lines.length).toBeGreaterThan(0)

  await page.goto('/billing')
  const row = page.getByTestId(`invoice-${number}`)
  await expect(row).toContainText('Open')
  await expect(row.getByTestId('invoice-total')).toHaveText(
    formatAmount(invoice.totalCents, invoice.currency),
  )
  const downloading = page.waitForEvent('download')
  await row.getByRole('link', { name: `Download ${number} as PDF` }).click()
  const download = await downloading
  const text = await pdfText(await readFile((await download.path())!))
  // The demo organization is French: its invoices are in French, amounts written the French way
  // (their no-break spaces read back as spaces).
  const money = (cents: number) => formatAmount(cents, invoice.currency, 'fr').replace(/\s+/g, ' ')
  const textLines = text.split('\n')
  expect(textLines[0]).toBe(`Facture ${number}`)
  for (const line of invoice.lines) {
    const french = lineDescriptionIn(line.description, 'fr')
    const description = line.clusterName ? `${line.clusterName} · ${french}` : french
    // A long description wraps above its figures: its start, then the row's amount.
    expect(text, description).toContain(description.slice(0, 24))
    expect(
      textLines.some((textLine) => textLine.endsWith(money(line.listAmountCents ?? line.amountCents))),
      `a line ending "${money(line.amountCents)}" in\n${text}`,
    ).toBe(true)
  }
  expect(text).toContain('Plan de contrôle (')
  expect(text).toContain('Pool de nœuds ')
  expect(textLines).toContain(`Sous-total ${money(invoice.subtotalCents)}`)
  expect(textLines).toContain(`TVA ${invoice.vatRatePercent} % ${money(invoice.vatCents)}`)
  expect(textLines).toContain(`Total TTC ${money(invoice.totalCents)}`)
})

test('credits bought through Checkout show once the webhook confirms them, and the balance grows', async ({
  page,
}) => {
  await signIn(page, 'admin')
  const rates = ((await (await page.request.get('/api/rates')).json()) as { rates: ExchangeRates }).rates
  const before = (await (await page.request.get('/api/billing/credits')).json()) as { balanceCents: number }

  await page.goto('/billing')
  const credits = page.getByTestId('credits')
  await expect(credits.getByTestId('credits-balance')).toHaveText(
    formatCents(before.balanceCents, 'EUR', rates),
  )
  await credits.getByLabel('Amount to buy (EUR)').fill('250')
  await credits.getByRole('button', { name: 'Buy credits' }).click()

  // Stripe's hosted page (played by the local server): it shows the amount and takes the payment.
  await expect(page.locator('#amount')).toHaveText('250 EUR')
  await page.getByRole('button', { name: 'Pay', exact: true }).click()

  // Back on the return page before the webhook: the URL alone shows nothing as paid.
  await expect(page).toHaveURL(/\/payment-success\?payment=/)
  await expect(page.getByTestId('payment-confirming')).toContainText('Confirming your payment…')
  expect(await deliverStripeWebhooks()).toEqual([200])
  await expect(page.getByTestId('payment-succeeded')).toContainText('Payment of €250.00 received')

  await page.getByRole('link', { name: 'Back to billing' }).click()
  await expect(page).toHaveURL(/\/billing$/)
  const after = (await (await page.request.get('/api/billing/credits')).json()) as { balanceCents: number }
  expect(after.balanceCents).toBe(before.balanceCents + Math.round(25_000 / rates.EUR))
  await expect(page.getByTestId('credits-balance')).toHaveText(formatCents(after.balanceCents, 'EUR', rates))
  await expect(page.getByTestId('credit-history')).toContainText('Bought')
})

test('the dashboard’s spend moves when a new cluster’s hour is metered', async ({
  page,
  playwright,
}, testInfo) => {
  const registrar = await Registrar.open(playwright, testInfo.project.use.baseURL)
  const customer = await registrar.registerVerified()
  await registrar.close()
  await signInAsFreshAdmin(page, customer)
  const rates = ((await (await page.request.get('/api/rates')).json()) as { rates: ExchangeRates }).rates

  await page.goto('/dashboard')
  await expect(page.getByTestId('dashboard-stat-spend-value')).toHaveText(formatCents(0, 'EUR', rates))
  await expect(page.getByTestId('dashboard-stat-credits-value')).toHaveText(formatCents(0, 'EUR', rates))

  const ordered = await page.request.post('/api/orders', {
    data: orderBody(blueConfiguration()),
    headers: { 'idempotency-key': randomUUID() },
  })
  expect(ordered.status(), await ordered.text()).toBe(201)
  const { clusterId } = (await ordered.json()) as { clusterId: string }
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/clusters/${clusterId}`)).json()) as { status: string }).status,
      {
        timeout: 30_000,
      },
    )
    .toBe('running')
  const hour = currentHour()
  expect((await meterHours(page, [hour])).length).toBeGreaterThan(0)
  const summary = (await (await page.request.get('/api/billing/summary')).json()) as {
    monthToDateCents: number
    billingCurrency: 'EUR'
  }
  expect(summary.monthToDateCents).toBeGreaterThan(0)

  // Coming back to the dashboard refreshes the billing figures.
  await page.getByRole('link', { name: 'Billing', exact: true }).first().click()
  await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click()
  await expect(page.getByTestId('dashboard-stat-spend-value')).toHaveText(
    formatAmount(summary.monthToDateCents, summary.billingCurrency),
  )

  // The month's invoice, paid through Checkout: it shows as paid once the webhook is in.
  const month = hour.slice(0, 7)
  const issued = await page.request.post('/api/dev/billing/invoices', { data: { month } })
  expect(issued.status(), await issued.text()).toBe(201)
  const { id, number } = (await issued.json()) as { id: string; number: string }
  const invoice = (await (await page.request.get(`/api/billing/invoices/${id}`)).json()) as Invoice
  await page.goto('/billing')
  const row = page.getByTestId(`invoice-${number}`)
  await row
    .getByRole('button', { name: `Pay ${formatAmount(invoice.amountDueCents, invoice.currency)}` })
    .click()
  await expect(page.locator('#amount')).toHaveText(`${invoice.amountDueCents / 100} ${invoice.currency}`)
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  await expect(page.getByTestId('payment-confirming')).toBeVisible()
  expect(await deliverStripeWebhooks()).toEqual([200])
  await expect(page.getByTestId('payment-succeeded')).toContainText(`Invoice ${number} is paid.`)
  await page.getByRole('link', { name: 'Back to billing' }).click()
  await expect(page.getByTestId(`invoice-${number}`)).toContainText('Paid')
})
