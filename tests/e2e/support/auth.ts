import { randomBytes } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect } from './fixtures.ts'

/** Registration details no other test uses, for a new organization (the server makes its Billing ID). */
export function freshUser(prefix = 'e2e') {
  const suffix = randomBytes(4).toString('hex')
  return {
    username: `${prefix}-${suffix}`,
    email: `${prefix}-${suffix}@example.com`,
    name: `Erin ${prefix} ${suffix}`,
    password: 'a-long-and-unusual-passphrase',
    companyName: `Company ${suffix}`,
  }
}

export type FreshUser = ReturnType<typeof freshUser>

/**
 * Registers through the API in a request context of its own, so the browser stays signed out,
 * and waits for the registration's verification mail so later mails are not mistaken for it.
 */
export async function registerThroughApi(request: APIRequestContext, user: FreshUser) {
  const response = await request.post('/api/register', { data: user })
  expect(response.status(), await response.text()).toBe(200)
  await mailTo(request, user.email, 'Verify your email address')
}

type Mail = { to: string; subject: string; text: string; sentAt: string }

/** The newest mail to `to` with `subject` sent after `after`, waiting for the mail queue. */
export async function mailTo(request: APIRequestContext, to: string, subject: string, after = new Date(0)) {
  let found: Mail | undefined
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/api/dev/mailbox')).json()) as Mail[]
        found = mails.find(
          (mail) => mail.to === to && mail.subject === subject && new Date(mail.sentAt) > after,
        )
        return found !== undefined
      },
      { message: `a mail "${subject}" to ${to}`, timeout: 15_000 },
    )
    .toBe(true)
  return found!
}

/** The link of a mail: it points at the app's own URL (APP_URL, the tests' base URL). */
export function linkIn(mail: Mail): URL {
  const match = /(https?:\/\/\S+)/.exec(mail.text)
  expect(match, mail.text).not.toBeNull()
  return new URL(match![1]!)
}

/** A toast of the Toaster, found by its title. */
export function toastTitled(page: Page, title: string) {
  return page.locator('li[data-variant]').filter({ has: page.getByText(title, { exact: true }) })
}

export async function expectToast(
  page: Page,
  title: string,
  description?: string,
  variant?: 'success' | 'destructive',
) {
  // Found by its description too: an earlier toast of the same title ("Success") may still show.
  const titled = toastTitled(page, title)
  const toast = (description === undefined ? titled : titled.filter({ hasText: description })).first()
  await expect(toast).toBeVisible()
  if (variant) await expect(toast).toHaveAttribute('data-variant', variant)
}

/** The sign-in form of /auth, filled and sent as a person would. */
export async function signInThroughForm(page: Page, identifier: string, password: string) {
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled()
  await page.getByLabel('Username or email').fill(identifier)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/**
 * Opens an auth screen and waits until it is hydrated: its submit buttons are disabled until
 * then, so nothing typed earlier is lost and no form is sent natively.
 */
export async function openAuthScreen(page: Page, path: string) {
  await page.goto(path)
  const submit = page.locator('form button[type="submit"]').first()
  await expect(submit).toBeEnabled()
}

/**
 * The browser logs every refused request as a console error, which fails a test (fixtures.ts).
 * A test that provokes one on purpose acknowledges it here, at its end: the entry must be there.
 */
export function acknowledgeRefusedRequest(consoleErrors: string[], status: number) {
  const logged = `Failed to load resource: the server responded with a status of ${status}`
  expect(
    consoleErrors.some((message) => message.startsWith(logged)),
    `a logged ${status}`,
  ).toBe(true)
  for (let index = consoleErrors.length - 1; index >= 0; index--) {
    if (consoleErrors[index]!.startsWith(logged)) consoleErrors.splice(index, 1)
  }
}

/**
 * Holds the page's logout call until the test releases it with `window.releaseLogout()`. (The
 * call is a keep-alive request, which request interception cannot hold.)
 */
export async function holdLogoutRequests(page: Page) {
  await page.addInitScript(() => {
    const send = window.fetch.bind(window)
    window.fetch = (input, init) => {
      if (!String(input instanceof Request ? input.url : input).includes('/api/logout'))
        return send(input, init)
      return new Promise((resolve, reject) => {
        ;(window as unknown as { releaseLogout: () => void }).releaseLogout = () =>
          send(input, init).then(resolve, reject)
      })
    }
  })
}
