import { test } from './support/fixtures.ts'

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    test(`auth screens ${theme} ${width}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme)
      await page.goto('/auth')
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor()
      await page.waitForTimeout(2500)
      await page.screenshot({ path: `/tmp/w2/auth-${theme}-${width}.png`, fullPage: true })
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await page.waitForTimeout(300)
      await page.screenshot({ path: `/tmp/w2/auth-errors-${theme}-${width}.png`, fullPage: true })
      await page.getByRole('tab', { name: 'Create account' }).click()
      await page.getByRole('heading', { name: 'Create your account' }).waitFor()
      await page.getByRole('button', { name: 'Create account' }).click()
      await page.waitForTimeout(300)
      await page.screenshot({ path: `/tmp/w2/register-${theme}-${width}.png`, fullPage: true })
      for (const path of ['/forgot-password', '/magic-link-login', '/reset-password?token=x', '/verify-email?status=verified', '/verify-email?status=invalid', '/magic-link?token=abc', '/dev-login']) {
        await page.goto(path)
        await page.waitForTimeout(700)
        await page.screenshot({ path: `/tmp/w2/${path.replace(/[/?=]/g, '_')}-${theme}-${width}.png`, fullPage: true })
      }
    })
  }
}
