import { checkEveryRoute } from './support/every-route.ts'
import { expect, test } from './support/fixtures.ts'
import { phoneLayoutFaults } from './support/phone-layout.ts'

/**
 * Every route on a 390 × 844 phone, opened by the person it is for: nothing scrolls the page
 * sideways, no text is left under the floating menu button or a bar where scrolling cannot free
 * it, and a table wider than the screen keeps its key column in view.
 */

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
test.use(PHONE)

checkEveryRoute('every route fits a phone', { context: PHONE, check: phoneLayoutFaults })

test('the phone check finds a covered end, a hidden key column and a sideways scroll', async ({ page }) => {
  await page.goto('/pricing')
  await expect(page.getByTestId('pricing-flavors')).toBeVisible()
  expect(await phoneLayoutFaults(page)).toEqual({ sidewaysScroll: [], covered: [], keyColumnHidden: [] })
  await page.evaluate(() => {
    // A bar over the page's last lines, a key column that scrolls away, something too wide.
    const bar = document.createElement('div')
    bar.textContent = 'Bar'
    bar.style.cssText = 'position:fixed;left:0;right:0;bottom:0;height:30vh;background:red'
    document.body.append(bar)
    for (const cell of document.querySelectorAll<HTMLElement>('[data-testid="pricing-flavors"] tbody th'))
      cell.style.position = 'static'
    const wide = document.createElement('p')
    wide.textContent = 'Wide'
    wide.style.width = '900px'
    document.querySelector('main')?.append(wide)
  })
  const faults = await phoneLayoutFaults(page)
  expect(faults.sidewaysScroll.length).toBeGreaterThan(0)
  expect(faults.covered.join()).toContain('under div "Bar"')
  expect(faults.keyColumnHidden).toEqual([expect.stringContaining('pricing-flavors')])
})
