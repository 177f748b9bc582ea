import AxeBuilder from '@axe-core/playwright'
import { expect, signIn, test } from './support/fixtures.ts'

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    test(`axe ${theme} ${width}`, async ({ page }) => {
      test.setTimeout(180_000)
      await page.setViewportSize({ width, height: 860 })
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme)
      await signIn(page, 'admin')
      await page.goto('/dashboard')
      await page.getByRole('heading', { level: 1 }).waitFor()
      await page.waitForTimeout(500)
      const report = async (label: string) => {
        const results = await new AxeBuilder({ page }).analyze()
        const bad = results.violations.map((v) => `${label} ${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(' | ')}`)
        console.log(bad.join('\n') || `${label} clean`)
      }
      await report('page')
      await page.getByTestId('notification-bell').click()
      await page.waitForTimeout(300)
      await report('bell')
      await page.keyboard.press('Escape')
      if (width === 390) {
        await page.getByTestId('sidebar-drawer-button').click()
        await page.waitForTimeout(300)
        await report('drawer')
      } else {
        await page.getByRole('button', { name: 'Collapse sidebar' }).click()
        await report('collapsed')
      }
      expect(true).toBe(true)
    })
  }
}
test('axe modal', async ({ page }) => {
  test.setTimeout(180_000)
  await signIn(page, 'newcomer')
  await page.goto('/dashboard')
  await page.getByRole('dialog').waitFor()
  await page.waitForTimeout(500)
  const report = async (label: string) => {
    const results = await new AxeBuilder({ page }).analyze()
    console.log(results.violations.map((v) => `${label} ${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(' | ')}`).join('\n') || `${label} clean`)
  }
  await report('modal')
  await page.getByRole('button', { name: 'Resend Verification Email' }).click()
  await page.getByText('New verification email sent successfully!').waitFor()
  await report('modal-resent')
  await page.getByRole('button', { name: /Continue Without/ }).click()
  await page.waitForTimeout(300)
  await report('newcomer-page')
  await page.evaluate(() => { document.documentElement.classList.add('dark') })
  await page.waitForTimeout(300)
  await report('newcomer-page-dark')
})
