import { randomBytes } from 'node:crypto'
import { type APIRequestContext, expect, type Page, type PlaywrightWorkerArgs } from '@playwright/test'

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
 * session stays untouched. A new billing ID makes its registrant the organization's admin; every
 * later registration with that ID notifies the admins ("New registration").
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
      companyId: overrides.companyId ?? `E2E-${suffix.toUpperCase()}`,
    }
    const response = await this.api.post('/api/register', { data: body })
    expect(response.status(), await response.text()).toBe(200)
    const user = (await response.json()) as { id: string; companyId: string; companyName: string }
    return { ...body, id: user.id, companyId: user.companyId, companyName: user.companyName }
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
