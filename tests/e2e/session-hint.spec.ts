import type { Page } from '@playwright/test'
import { SESSION_HINT_COOKIE } from '../../common/session-hint.ts'
import { openAuthScreen as openHydrated } from './support/auth.ts'
import { expect, signIn, test } from './support/fixtures.ts'

/** Every `/api/user` request the page sends, in order. */
function userRequests(page: Page): string[] {
  const requests: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/user') requests.push(request.url())
  })
  return requests
}

test.describe('the session hint on app pages', () => {
  test('a visitor without a session sees Sign In after one /api/user answer, before any retry', async ({
    page,
  }) => {
    const requests = userRequests(page)
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user')
    await page.goto('/contact')
    await answered
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible()
    // Retries come 1 s apart: had the page waited for one, a second request would be on record.
    expect(requests).toHaveLength(1)
  })

  test('without the hint, Sign In shows before /api/user answers: the header does not move when it does', async ({
    page,
  }) => {
    let release: (() => void) | undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/user', async (route) => {
      await held
      await route.continue()
    })
    await openHydrated(page, '/contact')
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible()
    await expect(page.getByRole('status', { name: 'Checking your session' })).toHaveCount(0)
    // Across the header: what could move the switchers is the account part beside them. (Read in
    // one step: the switcher's button is replaced when its menu's code comes.)
    const left = () =>
      page.evaluate(
        () => document.querySelector('[data-testid="language-switcher"]')!.getBoundingClientRect().left,
      )
    const before = await left()
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user')
    release!()
    await answered
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible()
    expect(await left()).toBe(before)
  })

  test('signed in, a 401 from /api/user is retried and the person is still recognised', async ({ page }) => {
    await signIn(page, 'demo')
    const requests = userRequests(page)
    let refused = 0
    await page.route('**/api/user', async (route) => {
      if (refused === 0) {
        refused++
        await route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Not authenticated' }),
        })
        return
      }
      await route.continue()
    })
    await page.goto('/contact')
    await expect(page.getByTestId('avatar-menu-trigger')).toBeVisible()
    expect(requests.length).toBeGreaterThanOrEqual(2)
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0)
  })

  test('a hint left without a session is retried as the rule says, then the visitor sees Sign In', async ({
    page,
    baseURL,
  }) => {
    await page.context().addCookies([{ name: SESSION_HINT_COOKIE, value: '1', url: baseURL ?? '' }])
    const requests = userRequests(page)
    await page.goto('/contact')
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible({ timeout: 20_000 })
    expect(requests).toHaveLength(3)
  })
  test('a session whose hint cookie is gone keeps the console and its live updates', async ({ page }) => {
    await signIn(page, 'demo')
    await page.context().clearCookies({ name: SESSION_HINT_COOKIE })
    const socket = page.waitForEvent('websocket')
    await page.goto('/dashboard')
    // The session answered, so the socket opens; taking the missing hint for a sign-out sent the
    // console back to its spinner and round again, without ever opening it.
    expect(new URL((await socket).url()).pathname).toBe('/ws')
    await expect(page.getByTestId('notification-bell')).toBeVisible()
    await expect(page.getByTestId('auth-gate-loading')).toHaveCount(0)
  })
})
