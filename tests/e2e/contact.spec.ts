import { AxeBuilder } from '@axe-core/playwright'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import type { PublicSellerIdentity } from '../../common/schemas/legal.ts'
import { rcsText } from '../../common/seller-identity.ts'
import { acknowledgeRefusedRequest, openAuthScreen } from './support/auth.ts'
import { expect, test } from './support/fixtures.ts'

/**
 * /contact shows the operator's identity (GET /api/legal/seller, from SELLER_*) beside the form.
 * The browser tests' server offers bank transfer (SELLER_IBAN is set): the page never shows it.
 */

const SELLER_PATH = '/api/legal/seller'
/** The account start-server.ts configures, whole or printed in groups; bank details belong on invoices only. */
const SERVER_IBAN = 'FR7630004000031234567890143'
const IBAN_SHOWN = /FR76\s?3000/

async function sellerIdentity(request: APIRequestContext): Promise<PublicSellerIdentity> {
  const response = await request.get(SELLER_PATH)
  expect(response.status()).toBe(200)
  return response.json()
}

/** The identity's values as the card shows them, each where it belongs. */
async function expectIdentityShown(card: Locator, identity: PublicSellerIdentity) {
  await expect(card.getByTestId('seller-company').locator('span').first()).toHaveText(identity.legalName)
  await expect(card.getByTestId('seller-company')).toContainText(identity.legalForm)
  const address = card.getByTestId('seller-address')
  for (const line of identity.address.streetLines) await expect(address).toContainText(line)
  await expect(address).toContainText(`${identity.address.postcode} ${identity.address.city}`)
  await expect(card.getByTestId('seller-registration')).toContainText(rcsText(identity))
  await expect(card.getByTestId('seller-vat-number')).toHaveText(identity.vatNumber)
  for (const email of [identity.contacts.supportEmail, identity.contacts.billingEmail])
    await expect(card.getByRole('link', { name: email, exact: true })).toHaveAttribute(
      'href',
      `mailto:${email}`,
    )
  await expect(card.getByTestId('seller-support-email')).toHaveText(identity.contacts.supportEmail)
  await expect(card.getByTestId('seller-phone')).toHaveCount(identity.contacts.phone ? 1 : 0)
  await expect(card).not.toContainText(IBAN_SHOWN)
}

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

test.describe('the company identity on /contact', () => {
  test('shows the name, registered office, registration, VAT number and contacts the server answers, beside the form', async ({
    page,
    request,
  }) => {
    const identity = await sellerIdentity(request)
    expect(JSON.stringify(identity)).not.toContain(SERVER_IBAN)
    await openAuthScreen(page, '/contact')
    const card = page.getByRole('region', { name: 'Company information' })
    await expectIdentityShown(card, identity)
    await expect(card.getByText('Registered office', { exact: true })).toBeVisible()
    await expect(card.getByTestId('seller-address')).toContainText('France')
    await expect(page.locator('main')).not.toContainText(IBAN_SHOWN)

    // On a wide screen the card sits in the column beside the form.
    const form = page.locator('form').first()
    const [cardBox, formBox] = [await card.boundingBox(), await form.boundingBox()]
    expect(cardBox!.x + cardBox!.width).toBeLessThanOrEqual(formBox!.x)
  })

  test('in French: the same values under French labels', async ({ page, request }) => {
    const identity = await sellerIdentity(request)
    await page.addInitScript(() => localStorage.setItem('language', 'fr'))
    await openAuthScreen(page, '/contact')
    await expect(page.getByRole('heading', { level: 1, name: 'Contactez-nous' })).toBeVisible()
    const card = page.getByRole('region', { name: 'Informations sur la société' })
    await expectIdentityShown(card, identity)
    for (const label of ['Société', 'Siège social', 'Immatriculation', 'N° de TVA intracommunautaire'])
      await expect(card.getByText(label, { exact: true })).toBeVisible()
  })

  test('says it is loading, then that it failed, and loads on Try again', async ({ page, consoleErrors }) => {
    let release: (() => void) | undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(SELLER_PATH, async (route) => {
      await held
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Service temporarily unavailable, please retry shortly' }),
      })
    })
    await openAuthScreen(page, '/contact')
    const card = page.getByRole('region', { name: 'Company information' })
    await expect(card.getByRole('status', { name: 'Loading the company information...' })).toBeVisible()
    release!()
    const failure = card.getByTestId('load-error')
    await expect(failure).toContainText('The company information could not be loaded')
    await expect(failure).toContainText('Service temporarily unavailable, please retry shortly')
    // The form stays usable meanwhile.
    await expect(page.getByRole('button', { name: 'Send the message' })).toBeEnabled()

    await page.unroute(SELLER_PATH)
    await failure.getByRole('button', { name: 'Try again' }).click()
    await expect(card.getByTestId('seller-vat-number')).not.toBeEmpty()
    await expect(failure).toHaveCount(0)
    acknowledgeRefusedRequest(consoleErrors, 503)
  })

  for (const theme of ['light', 'dark'] as const) {
    test(`fits a 390 px screen and axe finds no serious violation (${theme} theme)`, async ({
      page,
      request,
    }) => {
      const identity = await sellerIdentity(request)
      await page.setViewportSize({ width: 390, height: 844 })
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme)
      await openAuthScreen(page, '/contact')
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
      const card = page.getByRole('region', { name: 'Company information' })
      await expect(card.getByTestId('seller-vat-number')).toHaveText(identity.vatNumber)
      // On a small screen the form comes first, the company after it.
      const formBox = await page.locator('form').first().boundingBox()
      expect((await card.boundingBox())!.y).toBeGreaterThan(formBox!.y + formBox!.height)
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow).toBeLessThanOrEqual(0)
      for (const email of [identity.contacts.supportEmail, identity.contacts.billingEmail]) {
        const link = (await card.getByRole('link', { name: email, exact: true }).boundingBox())!
        expect(link.x + link.width).toBeLessThanOrEqual(390)
      }
      expect(await seriousViolations(page)).toEqual([])
    })
  }
})
