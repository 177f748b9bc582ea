import { signIn, test } from './support/fixtures.ts'

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    test(`screens ${theme} ${width}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 860 })
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme)
      await signIn(page, 'admin')
      await page.goto('/dashboard')
      await page.getByRole('heading', { level: 1 }).waitFor()
      await page.waitForTimeout(800)
      await page.screenshot({ path: `/tmp/w3/dashboard-${theme}-${width}.png` })
      if (width === 390) {
        await page.getByTestId('sidebar-drawer-button').click()
        await page.waitForTimeout(400)
        await page.screenshot({ path: `/tmp/w3/drawer-${theme}-${width}.png` })
        await page.keyboard.press('Escape')
      } else {
        await page.getByRole('button', { name: 'Collapse sidebar' }).click()
        await page.waitForTimeout(400)
        await page.getByTestId('dashboard-sidebar').getByRole('link', { name: 'Billing' }).hover()
        await page.waitForTimeout(1000)
        await page.screenshot({ path: `/tmp/w3/collapsed-${theme}-${width}.png` })
      }
      await page.getByTestId('notification-bell').click()
      await page.waitForTimeout(500)
      await page.screenshot({ path: `/tmp/w3/bell-${theme}-${width}.png` })
    })
  }
}

test('modal screens', async ({ page }) => {
  await signIn(page, 'newcomer')
  await page.goto('/dashboard')
  await page.getByRole('dialog').waitFor()
  await page.waitForTimeout(500)
  await page.screenshot({ path: '/tmp/w3/modal-1280.png' })
  await page.setViewportSize({ width: 390, height: 860 })
  await page.waitForTimeout(300)
  await page.screenshot({ path: '/tmp/w3/modal-390.png' })
})
