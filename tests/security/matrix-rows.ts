import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import type { AccountState } from './matrix-callers.ts'
import type { AccountFixtures } from './matrix-rows-accounts.ts'
import type { ClusterCredentialFixtures } from './matrix-rows-credentials.ts'

/** The authorization matrix's callers, expected answers and row shape (tests/security/authorization-matrix.test.ts). */

export const CALLERS = ['visitor', 'user', 'otherOrganization', 'officer', 'admin', 'superAdmin'] as const
export type Caller = (typeof CALLERS)[number]
export type Expected = Record<Caller, number>

export type Fixtures = {
  demoNotificationId: string
  demoUserId: string
  demoClusterId: string
  demoOrderId: string
  demoTemplateId: string
  demoInvoiceId: string
  demoPaymentId: string
  demoBudgetAlertId: string
  demoInstallationId: string
  demoCustomSolutionId: string
  demoQuoteId: string
  demoTicketId: string
  demoTicketAttachmentId: string
  demoOpenTicketId: string
  visitorAttachmentId: string
} & AccountFixtures &
  ClusterCredentialFixtures
export type Row = {
  method: string
  url: string
  request: (fixtures: Fixtures) => Omit<InjectOptions, 'method'>
  expected: Expected
  /**
   * What an account in a state gets where the gate's rules (matrix-callers.ts) do not say it:
   * rarely needed.
   */
  states?: Partial<Record<AccountState, number>>
  /** Extra checks on the body, e.g. that another organization sees none of this one's data. */
  check?: (caller: Caller | AccountState, response: LightMyRequestResponse) => void
}

export const everyone = (status: number): Expected =>
  Object.fromEntries(CALLERS.map((caller) => [caller, status])) as Expected
export const signedIn = (status: number): Expected => ({ ...everyone(status), visitor: 401 })
/** Only the owner of the row (the demo user) may touch it; everyone else gets 404. */
export const ownerOnly = (status: number): Expected => ({ ...everyone(404), visitor: 401, user: status })
/** Rows of the demo organization (clusters, orders): its members (demo, admin) only; others get 404. */
export const organizationOnly = (status: number): Expected => ({ ...ownerOnly(status), admin: status })
/** Billing changes: the admins of an organization (and the platform operator, for its own). */
export const billingAdmins = (status: number): Expected => ({
  ...everyone(403),
  visitor: 401,
  admin: status,
  superAdmin: status,
})
export const officersOnly = (status: number): Expected => ({
  ...everyone(403),
  visitor: 401,
  officer: status,
})

export const json = (payload: object) => ({ payload, headers: { 'content-type': 'application/json' } })
