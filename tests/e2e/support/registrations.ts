import { randomBytes } from 'node:crypto'
import { type APIRequestContext, expect, type Page, type PlaywrightWorkerArgs } from '@playwright/test'
import { generateSync } from 'otplib'
import { linkIn, mailTo } from './auth.ts'

export const REGISTRATION_PASSWORD = 'a-long-and-unusual-passphrase'
/** The session storage key under which the verification modal remembers "continue without". */
const VERIFICATION_DISMISSED_KEY = 'emailVerificationDismissed'

export type Registered = {
  id: string
  username: string
  name: string
  email: string
  companyId: string
  companyName: string
}

/**
 * Registers accounts through an API context of its own, as another person would: the page's
 * session stays untouched. Without a `companyId` the registrant founds a new organization, whose
 * Billing ID the server makes, and is its admin; with the `companyId` of an existing organization
 * they ask to join it, which notifies its admins ("New registration").
 */
export class Registrar {
  private readonly api: APIRequestContext
  private constructor(api: APIRequestContext) {
    this.api = api
  }

  static async open(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined) {
    return new Registrar(await playwright.request.newContext({ baseURL }))
  }

  async register(
    overrides: { companyId?: string; companyName?: string; name?: string } = {},
  ): Promise<Registered> {
    const suffix = randomBytes(4).toString('hex')
    const body = {
      username: `e2e-${suffix}`,
      email: `e2e-${suffix}@example.com`,
      name: overrides.name ?? `Person ${suffix}`,
      password: REGISTRATION_PASSWORD,
      companyName: overrides.companyName ?? `Company ${suffix}`,
      ...(overrides.companyId === undefined ? {} : { joining: true, companyId: overrides.companyId }),
    }
    const response = await this.api.post('/api/register', { data: body })
    expect(response.status(), await response.text()).toBe(200)
    const user = (await response.json()) as { id: string; companyId: string; companyName: string }
    return { ...body, id: user.id, companyId: user.companyId, companyName: user.companyName }
  }

  /**
   * A registration whose address is proven, as the person would prove it: by following the
   * verification mail's link. Ordering, API tokens, passkeys and kubeconfigs need a proven address.
   */
  async registerVerified(
    overrides: { companyId?: string; companyName?: string; name?: string } = {},
  ): Promise<Registered> {
    const account = await this.register(overrides)
    const link = linkIn(await mailTo(this.api, account.email, 'Verify your email address'))
    expect((await this.api.get(link.pathname + link.search, { maxRedirects: 0 })).status()).toBe(303)
    return account
  }

  /**
   * A fresh account with a verified address and two-factor authentication on, for tests that sign
   * in with codes: each such test has its own, since the server accepts a code only once.
   */
  async withTwoFactor(): Promise<Registered & { secret: string }> {
    const account = await this.registerVerified()
    const setup = await this.api.post('/api/auth/mfa/setup', { data: { password: REGISTRATION_PASSWORD } })
    const { secret } = (await setup.json()) as { secret: string }
    const enabled = await this.api.post('/api/auth/mfa/enable', { data: { code: generateSync({ secret }) } })
    expect(enabled.status(), await enabled.text()).toBe(200)
    return { ...account, secret }
  }

  /** `count` people ask to join the organization, one after the other (newest last). */
  async joinRequests(companyId: string, count: number): Promise<Registered[]> {
    const joiners: Registered[] = []
    for (let index = 0; index < count; index++) {
      joiners.push(await this.register({ companyId, name: `Joiner ${String(index + 1).padStart(2, '0')}` }))
    }
    return joiners
  }

  close() {
    return this.api.dispose()
  }
}

/**
 * Signs the page in as a freshly registered admin. Their email is unverified, so the test opts
 * out of the verification modal for the session, as a person clicking "Continue without" would.
 */
export async function signInAsFreshAdmin(page: Page, admin: Registered) {
  await page.addInitScript(([key, userId]) => sessionStorage.setItem(key, userId), [
    VERIFICATION_DISMISSED_KEY,
    admin.id,
  ] as const)
  const response = await page.request.post('/api/login', {
    data: { username: admin.username, password: REGISTRATION_PASSWORD },
  })
  expect(response.status(), await response.text()).toBe(200)
}

/** The code an authenticator shows 30 s from now: the server takes it, and has not seen it yet. */
export function nextTotpCode(secret: string): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 })
}
