import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { FALLBACK_RATES } from '../../common/money.ts'
import { formatAmount } from '../../common/pricing.ts'
import type { OrderQuote } from '../../common/schemas/orders.ts'
import { expect, test } from './support/fixtures.ts'
import { Registrar, signInAsFreshAdmin } from './support/registrations.ts'

/**
 * The wizard's review step says what the order's invoice will charge before the order is placed:
 * the VAT line by the organization's country and VAT number (or the invoice's mention that
 * replaces it), in its billing currency, and how it will be paid — its credits first, then card or
 * SEPA and bank transfer, both configured on the test server — in English and French, both
 * themes, on a phone.
 */

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true })

async function freshAdmin(page: Page, playwright: Parameters<typeof Registrar.open>[0], baseURL?: string) {
  const registrar = await Registrar.open(playwright, baseURL)
  const admin = await registrar.register()
  await registrar.close()
  await signInAsFreshAdmin(page, admin)
  return admin
}

async function setBillingDetails(
  page: Page,
  details: { countryCode: string; vatNumber: string | null; billingCurrency: string },
) {
  const response = await page.request.put('/api/billing/details', {
    data: {
      companyName: 'Invoice Preview Company',
      address: '1 Main Street',
      purchaseOrderNumber: null,
      billingEmail: null,
      ...details,
    },
  })
  expect(response.status(), await response.text()).toBe(200)
}

/** From the first step to the review, as a person does; answers the quote the review asked for. */
async function walkToReview(page: Page, query = ''): Promise<OrderQuote> {
  // The review asks for the quote once the order is complete: with the name typed, or kept in the
  // session's draft from an earlier walk.
  const quoted = nextQuote(page)
  // The wizard rewrites its URL as it opens (the language, the step): the walk waits for what it
  // shows rather than for a load event that URL change may interrupt.
  await page.goto(`/configure-cluster${query}`, { waitUntil: 'commit' })
  const next = page.getByRole('button', { name: /^(Next|Suivant)$/ })
  await page.getByRole('radio', { name: /^Standard\b/ }).check()
  await next.click()
  await expect(page).toHaveURL(/[?&]step=data-center(&|$)/)
  await page.getByRole('radio', { name: /\(de-fra-1\)/ }).check()
  for (const step of ['version', 'node-pools', 'networking', 'add-ons', 'review']) {
    await next.click()
    await expect(page).toHaveURL(new RegExp(`[?&]step=${step}(&|$)`))
  }
  await page.getByLabel(/^(Cluster name|Nom du cluster)$/).fill('invoice-preview')
  return quoted
}

/** The next quote the page receives. */
async function nextQuote(page: Page): Promise<OrderQuote> {
  const response = await page.waitForResponse(
    (candidate) => new URL(candidate.url()).pathname === '/api/orders/quote' && candidate.ok(),
  )
  return (await response.json()) as OrderQuote
}

test.describe('the invoice on the review step', () => {
  test('a French company: VAT at 20% on the amount in euros, credits first, card or SEPA and bank transfer', async ({
    page,
    playwright,
    baseURL,
  }) => {
    await freshAdmin(page, playwright, baseURL)
    const quote = await walkToReview(page)
    await expect(stepHeading(page, 'Review and order')).toBeVisible()
    const { invoice } = quote
    // The server's figures are the invoice's: the month in euros at the server's rate, 20% on it.
    expect(invoice).toMatchObject({ currency: 'EUR', vatTreatment: 'domestic', vatRatePercent: 20 })
    expect(invoice.amountCents).toBe(Math.round(quote.subtotalCents * FALLBACK_RATES.EUR))
    expect(invoice.vatCents).toBe(Math.round(invoice.amountCents * 0.2))
    expect(invoice.vatCents).toBeGreaterThan(0)

    const preview = page.getByTestId('invoice-preview')
    await expect(preview).toContainText('Each month’s invoice, in EUR, for a full month of this order')
    await expect(preview.getByTestId('invoice-vat')).toHaveText(
      `VAT 20%${formatAmount(invoice.vatCents, 'EUR')}`,
    )
    await expect(preview.getByTestId('invoice-vat-mention')).toHaveCount(0)
    await expect(preview.getByTestId('invoice-total')).toHaveText(
      formatAmount(invoice.amountCents + invoice.vatCents, 'EUR'),
    )
    await expect(preview.getByRole('heading', { name: 'How it will be paid' })).toBeVisible()
    await expect(preview.getByTestId('payment-means').getByRole('listitem')).toHaveText([
      'Your credits first: a balance of €0.00.',
      'Pay by card or SEPA Direct Debit from the billing page.',
      'Pay by bank transfer to Clusterdeck SAS, IBAN FR76 3000 4000 0312 3456 7890 143, BIC BNPAFRPPXXX, quoting the invoice’s number.',
    ])

    // The yearly cycle: the year's invoice, ten months, its VAT with it.
    const yearly = nextQuote(page)
    await page.getByRole('radio', { name: 'Yearly' }).click()
    const yearlyInvoice = (await yearly).invoice
    expect(yearlyInvoice.vatCents).toBe(Math.round(yearlyInvoice.amountCents * 0.2))
    await expect(preview).toContainText(
      'The invoice for the year, in EUR, issued once the order is confirmed',
    )
    await expect(preview.getByTestId('invoice-vat')).toHaveText(
      `VAT 20%${formatAmount(yearlyInvoice.vatCents, 'EUR')}`,
    )
  })

  test('a German business with its VAT number reads the reverse charge, a US customer no VAT, in English and French', async ({
    page,
    playwright,
    baseURL,
  }) => {
    await freshAdmin(page, playwright, baseURL)
    await setBillingDetails(page, { countryCode: 'DE', vatNumber: 'DE123456789', billingCurrency: 'EUR' })
    const german = await walkToReview(page)
    expect(german.invoice).toMatchObject({ vatTreatment: 'reverse_charge', vatCents: 0 })
    const preview = page.getByTestId('invoice-preview')
    await expect(preview.getByTestId('invoice-vat')).toContainText(`VAT 0%${formatAmount(0, 'EUR')}`)
    await expect(preview.getByTestId('invoice-vat-mention')).toHaveText(
      'Autoliquidation — reverse charge, article 196 of Directive 2006/112/EC',
    )
    await expect(preview.getByTestId('invoice-total')).toHaveText(
      formatAmount(german.invoice.amountCents, 'EUR'),
    )

    await walkToReview(page, '?lang=fr')
    await expect(stepHeading(page, 'Vérifier et commander')).toBeVisible()
    await expect(preview.getByRole('heading', { name: 'Sur la facture' })).toBeVisible()
    await expect(preview.getByTestId('invoice-vat')).toContainText('TVA 0\u00a0%')
    await expect(preview.getByTestId('invoice-vat-mention')).toHaveText(
      'Autoliquidation — article 196 de la directive 2006/112/CE',
    )
    await expect(preview.getByTestId('payment-means').getByRole('listitem')).toHaveText([
      `Vos crédits d’abord : un solde de ${formatAmount(0, 'EUR', 'fr')}.`,
      'Réglez par carte ou prélèvement SEPA depuis la page de facturation.',
      'Réglez par virement à Clusterdeck SAS, IBAN FR76 3000 4000 0312 3456 7890 143, BIC BNPAFRPPXXX, en indiquant le numéro de la facture.',
    ])

    await setBillingDetails(page, { countryCode: 'US', vatNumber: null, billingCurrency: 'USD' })
    const american = await walkToReview(page, '?lang=en')
    expect(american.invoice).toMatchObject({ currency: 'USD', vatTreatment: 'export', vatCents: 0 })
    await expect(preview.getByTestId('invoice-vat-mention')).toHaveText(
      'VAT not applicable — services supplied outside the EU, article 44 of Directive 2006/112/EC',
    )
    await expect(preview.getByTestId('invoice-total')).toHaveText(
      formatAmount(american.invoice.amountCents, 'USD'),
    )
    await walkToReview(page, '?lang=fr')
    await expect(preview.getByTestId('invoice-vat-mention')).toHaveText(
      'TVA non applicable — prestations de services hors UE, article 44 de la directive 2006/112/CE',
    )
  })

  for (const theme of ['light', 'dark'] as const) {
    test(`fits a 390 px screen with no serious accessibility violation (${theme} theme)`, async ({
      page,
      playwright,
      baseURL,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 })
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme)
      await freshAdmin(page, playwright, baseURL)
      await setBillingDetails(page, { countryCode: 'DE', vatNumber: 'DE123456789', billingCurrency: 'EUR' })
      await walkToReview(page)
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
      const preview = page.getByTestId('invoice-preview')
      await expect(preview.getByTestId('invoice-vat-mention')).toBeVisible()
      await expect(preview.getByTestId('payment-bank-transfer')).toBeVisible()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      const box = await preview.boundingBox()
      expect(box!.x + box!.width).toBeLessThanOrEqual(390)
      const { violations } = await new AxeBuilder({ page })
        .include('[data-testid="quote"]')
        .withTags(['wcag2a', 'wcag2aa'])
        .analyze()
      expect(
        violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')),
      ).toEqual([])
    })
  }
})
