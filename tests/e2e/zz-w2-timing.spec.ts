import { test } from './support/fixtures.ts'

test('timing', async ({ page }) => {
  const t0 = Date.now()
  page.on('requestfinished', (r) => console.log(Date.now() - t0, 'done', r.url()))
  page.on('requestfailed', (r) => console.log(Date.now() - t0, 'fail', r.url()))
  await page.goto('/auth')
  console.log('goto', Date.now() - t0)
  await page.locator('form button[type="submit"]').first().waitFor()
  console.log('button', Date.now() - t0)
  await page.waitForTimeout(3000)
})
