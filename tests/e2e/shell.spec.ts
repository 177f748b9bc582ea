import { describeChrome } from './support/chrome.ts'
import { expect, test } from './support/fixtures.ts'

const openToasts = (page: import('@playwright/test').Page) =>
  page.locator('li[data-variant][data-state="open"]')

/**
 * The header's controls and the promo bar's close button whose middle is not under an open toast,
 * but where a click there would land on something else (a closed toast, the toasts' list).
 */
function controlsCaughtElsewhere(page: import('@playwright/test').Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = [
      ...document.querySelectorAll<HTMLElement>(
        'header button, header a, [aria-label="Dismiss discount bar"]',
      ),
    ].filter((control) => control.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true }))
    const openToasts = [...document.querySelectorAll('li[data-variant][data-state="open"]')].map((toast) =>
      toast.getBoundingClientRect(),
    )
    return controls.flatMap((control) => {
      const box = control.getBoundingClientRect()
      const x = box.x + box.width / 2
      const y = box.y + box.height / 2
      const underToast = openToasts.some((t) => x >= t.left && x <= t.right && y >= t.top && y <= t.bottom)
      const hit = document.elementFromPoint(x, y)
      return underToast || (hit && control.contains(hit))
        ? []
        : [control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName]
    })
  })
}

test('/fr selects French, remembers it and shows the home page', async ({ page }) => {
  await page.goto('/fr')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    "Kubernetes managé depuis des centres de données de l'UE",
  )
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('fr')
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    "Kubernetes managé depuis des centres de données de l'UE",
  )
})

describeChrome('toasts', (chrome) => {
  test.beforeEach(async ({ context, page }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto(chrome.path)
    await expect(page.getByRole('button', { name: 'Copy promo code PARIS' })).toBeEnabled()
  })

  test('show at most 3 at once', async ({ page }) => {
    const code = page.getByRole('button', { name: 'Copy promo code PARIS' })
    for (let click = 0; click < 4; click++) await code.click()
    await expect(openToasts(page)).toHaveCount(3)
  })

  test('F8 moves focus to the notification area', async ({ page }) => {
    await page.getByRole('button', { name: 'Copy promo code PARIS' }).click()
    await expect(openToasts(page)).toHaveCount(1)
    await page.locator('body').press('F8')
    await expect(page.locator('ol:focus')).toHaveCount(1)
  })

  test('the header controls answer clicks beside an open toast and under a closed one', async ({ page }) => {
    await page.getByRole('button', { name: 'Copy promo code PARIS' }).click()
    const toast = page.locator('li[data-variant]').first()
    await expect(toast).toHaveAttribute('data-state', 'open')
    expect(await controlsCaughtElsewhere(page)).toEqual([])
    await toast.getByRole('button', { name: 'Close' }).click()
    await expect(openToasts(page)).toHaveCount(0)
    // A static page still draws it (invisible) for its last seconds: at once, nothing may catch
    // the clicks.
    expect(await controlsCaughtElsewhere(page)).toEqual([])
  })

  test('a swipe right of more than 50 px dismisses a toast', async ({ page }) => {
    await page.getByRole('button', { name: 'Copy promo code PARIS' }).click()
    const toast = openToasts(page).first()
    await expect(toast).toBeVisible()
    const box = (await toast.boundingBox())!
    const y = box.y + box.height / 2
    await page.mouse.move(box.x + 20, y)
    await page.mouse.down()
    for (let step = 1; step <= 8; step++) await page.mouse.move(box.x + 20 + step * 12, y)
    await page.mouse.up()
    // Well before the toast's own 3 s are up.
    await expect(openToasts(page)).toHaveCount(0, { timeout: 1_500 })
  })
})

/**
 * The app's toaster (Radix) unmounts a closed toast itself; the static toaster draws a closed
 * toast until the shared store drops it, 6 s after it closed (the store's own unit test checks
 * the same rule for the app).
 */
test("a static page's dismissed toast closes at once and leaves the list 6 s later", async ({
  context,
  page,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.clock.install({ time: new Date('2025-06-02T09:00:00Z') })
  await page.goto('/')
  const code = page.getByRole('button', { name: 'Copy promo code PARIS' })
  await expect(code).toBeEnabled()
  await page.clock.pauseAt(new Date('2025-06-02T09:10:00Z'))
  await code.click()
  const toast = page.locator('li[data-variant]')
  await expect(toast).toHaveAttribute('data-state', 'open')
  await toast.getByRole('button', { name: 'Close' }).click()
  await expect(toast).toHaveAttribute('data-state', 'closed')
  await page.clock.runFor(5_999)
  await expect(toast).toHaveCount(1)
  await page.clock.runFor(1)
  await expect(toast).toHaveCount(0)
})
