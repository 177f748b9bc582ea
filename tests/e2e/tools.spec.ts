import { AxeBuilder } from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures.ts'

/** A price as the site writes it: symbol, thousands grouped, 2 decimals. */
function price(amount: number, symbol: string): string {
  return `${symbol}${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}

async function displayedRate(page: Page, currency: string): Promise<number> {
  const text = await page.getByTestId(`rate-${currency}`).getByTestId('rate-value').textContent()
  expect(text).toMatch(/^\d+\.\d{4}$/)
  return Number(text)
}

async function expectHealthy(card: Locator) {
  await expect(card.getByTestId('check-state')).toHaveText('Healthy')
  await expect(card.getByTestId('response-time')).toHaveText(/^\d+ ms$/)
  await expect(card.getByTestId('last-checked')).toHaveText(/\d{1,2}:\d{2}:\d{2}/)
}

test.describe('/test-service', () => {
  test('shows the API, the database and the WebSocket healthy, with their times', async ({ page }) => {
    await signIn(page, 'demo')
    await page.goto('/test-service')
    await expect(page.getByRole('heading', { level: 1, name: 'Service status' })).toBeVisible()
    await expectHealthy(page.getByTestId('check-api'))
    await expectHealthy(page.getByTestId('check-database'))
    await expectHealthy(page.getByTestId('check-websocket'))
    await expect(page.getByTestId('status-summary')).toHaveText('All checked services are healthy.')
    await expect(page.getByTestId('running-version')).toHaveText(/^v\d+\.\d+\.\d+$/)
    await expect(page.getByTestId('running-environment')).toHaveText('Development')

    // "Check again" asks the server again, from the keyboard too.
    const database = page.getByTestId('check-database')
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/readyz')
    await database.getByRole('button', { name: 'Check again' }).focus()
    await page.keyboard.press('Enter')
    await asked
    await expectHealthy(database)
  })

  test('checks again on its own every 15 seconds', async ({ page }) => {
    // The page's clock is driven by the test: fifteen seconds pass at once. The page notes the
    // clock's time of each liveness check, so the interval is read on the page's own clock, not
    // on how long the machine took to get here.
    await page.clock.install()
    await page.addInitScript(() => {
      const checkedAt: number[] = []
      Object.assign(window, { livenessChecksAt: checkedAt })
      const fetchOfPage = window.fetch.bind(window)
      window.fetch = (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input), location.href)
        if (url.pathname === '/healthz') checkedAt.push(Date.now())
        return fetchOfPage(input, init)
      }
    })
    const checksAt = () =>
      page.evaluate(() => (window as unknown as { livenessChecksAt: number[] }).livenessChecksAt)
    await page.goto('/test-service')
    await expectHealthy(page.getByTestId('check-api'))
    const first = await page.getByTestId('check-api').getByTestId('last-checked').textContent()
    expect(await checksAt()).toHaveLength(1)
    const again = page.waitForRequest((request) => new URL(request.url()).pathname === '/healthz')
    await page.clock.runFor(15_000)
    await again
    const [firstAt = 0, secondAt = 0] = await checksAt()
    expect(secondAt - firstAt).toBeGreaterThanOrEqual(14_900)
    expect(secondAt - firstAt).toBeLessThan(16_000)
    await expect(page.getByTestId('check-api').getByTestId('last-checked')).not.toHaveText(first ?? '')
  })

  test('asks a visitor to sign in before checking the WebSocket', async ({ page }) => {
    const sockets: string[] = []
    page.on('websocket', (socket) => sockets.push(socket.url()))
    await page.goto('/test-service')
    await expectHealthy(page.getByTestId('check-api'))
    await expectHealthy(page.getByTestId('check-database'))
    const socketCard = page.getByTestId('check-websocket')
    await expect(socketCard).toContainText('open to signed-in users only')
    await expect(socketCard.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth')
    expect(sockets).toEqual([])
  })
})

test.describe('/currency-test', () => {
  test('shows the three rates and their source, and converts amounts with them', async ({ page }) => {
    await page.goto('/currency-test')
    await expect(page.getByRole('heading', { level: 1, name: 'Currency rates' })).toBeVisible()
    const usd = await displayedRate(page, 'USD')
    const eur = await displayedRate(page, 'EUR')
    const gbp = await displayedRate(page, 'GBP')
    expect(usd).toBe(1)
    // The test server's rate services are unreachable, so the server answers its fallback rates.
    await expect(page.getByTestId('rates-source')).toHaveText(
      'Fallback rates (no rates service has answered)',
    )
    await expect(page.getByTestId('rates-age')).toHaveText(/Just now|minutes? ago/)

    const amount = page.getByLabel('Amount', { exact: true })
    const from = page.getByLabel('From', { exact: true })
    const to = page.getByLabel('To', { exact: true })
    await amount.fill('250')
    await from.selectOption('USD')
    await to.selectOption('EUR')
    await expect(page.getByTestId('conversion-result')).toHaveText(price(250 * eur, '€'))

    await amount.fill('1,234.50')
    await from.selectOption('GBP')
    await to.selectOption('EUR')
    await expect(page.getByTestId('conversion-result')).toHaveText(price((1234.5 / gbp) * eur, '€'))

    await page.getByRole('button', { name: 'Swap the currencies' }).click()
    await expect(from).toHaveValue('EUR')
    await expect(to).toHaveValue('GBP')
    await expect(page.getByTestId('conversion-result')).toHaveText(price((1234.5 / eur) * gbp, '£'))

    await amount.fill('abc')
    await expect(amount).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByTestId('conversion-result')).toHaveText('Enter an amount to convert it.')

    // Sample amounts in the "from" currency (now EUR), in every currency.
    const samples = page.getByTestId('sample-conversions')
    const hundred = samples.getByRole('row', { name: /^€100\.00/ })
    await expect(hundred.getByRole('cell')).toHaveText([
      price(100 / eur, '$'),
      price(100, '€'),
      price((100 / eur) * gbp, '£'),
    ])
  })

  test("highlights the header's currency", async ({ page }) => {
    await page.goto('/currency-test')
    await expect(page.getByTestId('rate-EUR')).toHaveAttribute('aria-current', 'true')
    await expect(page.getByTestId('rate-EUR')).toContainText('Your currency')
    await expect(page.getByTestId('rate-GBP')).not.toHaveAttribute('aria-current', 'true')

    await page.getByTestId('currency-switcher').click()
    await page.getByRole('menuitemradio', { name: /GBP/ }).click()
    await expect(page.getByTestId('rate-GBP')).toHaveAttribute('aria-current', 'true')
    await expect(page.getByTestId('rate-EUR')).not.toHaveAttribute('aria-current', 'true')
    await expect(page.getByRole('columnheader', { name: 'GBP (your currency)' })).toBeVisible()
  })
})

test.describe('/api-reference', () => {
  test('lists the operations by tag, and the filter narrows them as one types', async ({ page }) => {
    await page.goto('/api-reference')
    await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible()
    const catalog = page.locator('#get-api-catalog')
    const login = page.locator('#post-api-login')
    await expect(catalog.getByRole('heading', { level: 3 })).toHaveText('GET/api/catalog', {
      timeout: 30_000,
    })
    await expect(login.getByRole('heading', { level: 3 })).toHaveText('POST/api/login')
    await expect(login).toContainText('Sign in with username or email and password')
    // The operation's details open on demand.
    await login.locator('summary', { hasText: 'Parameters, request body and responses' }).press('Enter')
    // The request body, readably: each property with its type and whether it is required.
    await expect(
      login
        .getByRole('listitem')
        .filter({ hasText: /^username/ })
        .first(),
    ).toContainText(/username\s*string\s*required/)
    // Error responses open on demand, listed on one line, then each with its schema.
    const errorsSummary = login.locator('summary', { hasText: 'Error responses' })
    await expect(errorsSummary).toContainText('401')
    const errors = errorsSummary.locator('xpath=..')
    await expect(errors).not.toHaveAttribute('open')
    await errorsSummary.press('Enter')
    const unauthorizedSummary = errors.locator('summary', { hasText: /^401/ })
    const unauthorized = unauthorizedSummary.locator('xpath=..')
    await expect(unauthorized).not.toHaveAttribute('open')
    await unauthorizedSummary.press('Enter')
    await expect(unauthorized).toContainText(/message\s*string\s*required/)
    await expect(page.getByRole('heading', { level: 2, name: 'catalog' })).toBeVisible()
    await expect(login.getByRole('link', { name: 'Link to POST /api/login' })).toHaveAttribute(
      'href',
      '#post-api-login',
    )
    const total = await page.getByTestId('api-operation').count()
    expect(total).toBeGreaterThan(20)

    const filter = page.getByRole('searchbox', { name: 'Filter operations' })
    await filter.pressSequentially('login')
    await expect(login).toBeVisible()
    await expect(catalog).toHaveCount(0)
    const shown = await page.getByTestId('api-operation').count()
    expect(shown).toBeLessThan(total)
    await expect(page.getByText(`${shown} of ${total} operations`)).toBeVisible()
    for (const path of await page.getByTestId('operation-path').allTextContents())
      expect(path.toLowerCase()).toContain('login')

    await filter.fill('no such operation')
    await expect(page.getByTestId('api-operation')).toHaveCount(0)
    await page.getByRole('button', { name: 'Clear the filter' }).click()
    await expect(page.getByTestId('api-operation')).toHaveCount(total)
  })

  test('an anchor link opens the page at its operation', async ({ page }) => {
    await page.goto('/api-reference#get-api-rates')
    const rates = page.locator('#get-api-rates')
    // Two hundred operations take a while to draw on a busy machine.
    await expect(rates).toBeInViewport({ timeout: 30_000 })
    await expect(rates).toContainText('USD-based exchange rates for EUR and GBP')
    // Its success response opens on demand, with the schema's own words.
    await rates.locator('summary', { hasText: '200' }).press('Enter')
    await expect(rates).toContainText('fallback')
  })
})

test.describe('in French', () => {
  for (const { path, heading } of [
    { path: '/test-service', heading: 'État du service' },
    { path: '/currency-test', heading: 'Taux de change' },
    { path: '/api-reference', heading: "Référence de l'API" },
  ]) {
    test(`${path} shows its French heading`, async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('language', 'fr'))
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    })
  }
})

test.describe('accessibility', () => {
  const pages = [
    { path: '/test-service', ready: 'check-api' },
    { path: '/currency-test', ready: 'conversion-result' },
    { path: '/api-reference', ready: 'api-operation' },
  ]
  for (const theme of ['light', 'dark'] as const) {
    for (const { path, ready } of pages) {
      test(`${path} has no serious or critical violation (${theme} theme)`, async ({ page }) => {
        // The API reference lists every operation of the API on one page: axe needs a while there.
        if (path === '/api-reference') test.setTimeout(120_000)
        await page.addInitScript((value) => localStorage.setItem('theme', value), theme)
        await page.goto(path)
        await expect(page.getByTestId(ready).first()).toBeVisible({ timeout: 30_000 })
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
        const { violations } = await new AxeBuilder({ page }).analyze()
        const serious = violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          )
        expect(serious).toEqual([])
      })
    }
  }
})
