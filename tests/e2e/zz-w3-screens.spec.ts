import { signIn, test } from './support/fixtures.ts'
import { Registrar, signInAsFreshAdmin } from './support/registrations.ts'

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    test(`screens ${theme} ${width}`, async ({ page, playwright, baseURL }) => {
      test.slow()
      const registrar = await Registrar.open(playwright, baseURL)
      const admin = await registrar.register({ companyName: 'Acme Robotics' })
      await registrar.joinRequests(admin.companyId, 7)
      await page.setViewportSize({ width, height: 860 })
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme)
      await signInAsFreshAdmin(page, admin)
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
      await page.getByTestId('notification-item').first().getByRole('button', { name: 'Mark as read' }).click()
      await page.waitForTimeout(800)
      await page.screenshot({ path: `/tmp/w3/bell-${theme}-${width}.png` })
    })
  }
}

test('modal dark', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'))
  await signIn(page, 'newcomer')
  await page.goto('/dashboard')
  await page.getByRole('dialog').waitFor()
  await page.waitForTimeout(500)
  await page.screenshot({ path: '/tmp/w3/modal-dark-1280.png' })
})
