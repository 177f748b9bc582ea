import { expect, test } from './support/fixtures.ts'

test('the home page renders its heading and the not-found page answers unknown paths', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Managed Kubernetes from EU data centers')
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
  await expect(page).toHaveTitle('Page not found · Clusterdeck')
})

test('paths that only start like the server’s own (/ws, /healthz, /readyz, /dev/) are not-found pages too', async ({
  page,
}) => {
  for (const path of ['/wsomething', '/healthzz', '/readyz/more', '/dev/nope']) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
  }
  const health = await page.request.get('/healthz')
  expect(health.status()).toBe(200)
})

test('an unknown tutorial or cluster type answers 404, and its title says it is not found', async ({
  page,
}) => {
  for (const path of ['/tutorials/no-such-tutorial', '/cluster-types/no-such-type']) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
    await expect(page).toHaveTitle('Page not found · Clusterdeck')
  }
})
