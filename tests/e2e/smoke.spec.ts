import { expect, test } from './support/fixtures.ts'

test('the home page renders its heading and the not-found page answers unknown paths', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Managed Kubernetes from EU data centers')
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
})
