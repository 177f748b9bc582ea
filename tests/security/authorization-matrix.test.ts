import { eq } from 'drizzle-orm'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scopesAllow } from '#common/api-scopes.ts'
import { priceConfiguration } from '#common/cluster-rules.ts'
import { endpointAt, scopeOfRoute } from '#common/contract/index.ts'
import { DEMO_PASSWORD } from '#common/demo-accounts.ts'
import { FALLBACK_RATES } from '#common/money.ts'
import {
  apiTokens,
  budgetAlerts,
  clusters,
  clusterTemplates,
  customSolutionQuotes,
  customSolutions,
  installations,
  orders,
  payments,
  users,
} from '#server/db/schema/index.ts'
import { inTransaction } from '#server/db/transaction.ts'
import { sealSecret } from '#server/lib/secrets.ts'
import { hashToken } from '#server/lib/tokens.ts'
import { createSession } from '#server/modules/auth/sessions.ts'
import { grantCredits } from '#server/modules/billing/credit-ledger.ts'
import { finaliseInvoice } from '#server/modules/billing/invoice-issuing.ts'
import { getCatalog } from '#server/modules/catalog/service.ts'
import { startKubeApiListener } from '#server/modules/clusters/control-plane/listener.ts'
import { createNotification } from '#server/modules/notifications/service.ts'
import { certificateAuthority } from '#server/provisioning/simulated/certificate.ts'
import { newRegistration } from '#tests/helpers/auth.ts'
import { kubeApiRequest } from '#tests/helpers/kube-api-request.ts'
import { blueConfiguration, orderBody } from '#tests/helpers/orders.ts'
import { APP_ORIGIN, startTestServer, TestClient, type TestServer } from '#tests/helpers/server.ts'
import { LOOPBACK_LIMITS } from '../../scripts/server-process.ts'
import {
  ACCOUNT_STATES,
  type AccountState,
  expectedForToken as expectedForScopedToken,
  expectedForState,
  insertReviewCredentials,
  insertStateAccounts,
  insertTokens,
  REVIEW_GROUPS,
  type ReviewCaller,
  type StateAccounts,
  TOKEN_CALLERS,
  type TokenCaller,
} from './matrix-callers.ts'
import {
  billingAdmins,
  type Caller,
  type Expected,
  everyone,
  type Fixtures,
  json,
  officersOnly,
  organizationOnly,
  ownerOnly,
  type Row,
  signedIn,
} from './matrix-rows.ts'
import { accountRows, insertAccountFixtures } from './matrix-rows-accounts.ts'
import {
  clusterCredentialRows,
  credentialRows,
  gdprRows,
  insertClusterCredentialFixtures,
} from './matrix-rows-credentials.ts'
import { legalRows } from './matrix-rows-legal.ts'
import { customSolutionRows, installationRows } from './matrix-rows-marketplace.ts'
import { insertSupportFixtures, supportRows } from './matrix-rows-support.ts'

/**
 * The authorization matrix: every API route × every kind of caller, with the status each must
 * get, run against the real server and database. A route the server registers without a row here
 * fails the meta-test, so no route escapes. Rows owned by one user or organization are tried by
 * the others, who must get 404 (never the row).
 */

const badToken = 'x'.repeat(43)
/** The public lead forms are sent by anyone; each caller's submission is a person of its own. */
let matrixLeadCount = 0
const matrixLead = () => ({ name: 'Matrix Lead', email: `matrix-lead-${++matrixLeadCount}@example.com` })
const MATRIX_MESSAGE = 'A message long enough for the lead forms.'
/** The demo organization's credits, and their worth in its invoices' euros at the test server's rates. */
const DEMO_CREDITS_USD_CENTS = 12_345
const DEMO_CREDITS_EUR_CENTS = Math.floor(DEMO_CREDITS_USD_CENTS * FALLBACK_RATES.EUR)

const MATRIX: Row[] = [
  { method: 'GET', url: '/healthz', request: () => ({ url: '/healthz' }), expected: everyone(200) },
  { method: 'GET', url: '/readyz', request: () => ({ url: '/readyz' }), expected: everyone(200) },
  {
    method: 'GET',
    url: '/api/openapi.json',
    request: () => ({ url: '/api/openapi.json' }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    url: '/api/version/summary',
    request: () => ({ url: '/api/version/summary' }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    url: '/api/cluster-tiers',
    request: () => ({ url: '/api/cluster-tiers' }),
    expected: everyone(200),
  },
  { method: 'GET', url: '/api/catalog', request: () => ({ url: '/api/catalog' }), expected: everyone(200) },
  { method: 'GET', url: '/api/products', request: () => ({ url: '/api/products' }), expected: everyone(200) },
  ...legalRows(),
  {
    method: 'GET',
    url: '/api/products/:id',
    request: () => ({ url: '/api/products/postgresql' }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    url: '/api/products/:id/settings-validator.js',
    request: () => ({ url: '/api/products/postgresql/settings-validator.js' }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    url: '/api/products/:id/logo',
    request: () => ({ url: '/api/products/postgresql/logo?w=40' }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    url: '/api/data-centers/:code/picture',
    request: () => ({ url: '/api/data-centers/fr-par-1/picture?w=320' }),
    expected: everyone(200),
  },
  {
    method: 'POST',
    url: '/api/products/:id/check',
    request: ({ demoClusterId }) => ({
      url: '/api/products/cert-manager/check',
      ...json({
        clusterId: demoClusterId,
        namespace: 'cert-manager',
        planId: null,
        version: '1.19',
        settings: {},
      }),
    }),
    expected: organizationOnly(200),
  },
  ...installationRows(),
  ...customSolutionRows(),
  ...supportRows(),
  ...accountRows(),
  ...credentialRows(),
  ...gdprRows(),
  { method: 'GET', url: '/api/rates', request: () => ({ url: '/api/rates' }), expected: everyone(200) },
  { method: 'GET', url: '/api/user', request: () => ({ url: '/api/user' }), expected: signedIn(200) },
  {
    method: 'PUT',
    url: '/api/user/language',
    request: () => ({ url: '/api/user/language', ...json({ language: 'en' }) }),
    expected: signedIn(200),
  },
  {
    method: 'POST',
    url: '/api/login',
    request: () => ({ url: '/api/login', ...json({ username: 'demo', password: 'not-the-password' }) }),
    expected: everyone(401),
  },
  {
    method: 'POST',
    url: '/api/login/mfa',
    request: () => ({ url: '/api/login/mfa', ...json({ code: '123456' }) }),
    expected: everyone(401),
  },
  {
    method: 'POST',
    url: '/api/login/recovery-code',
    request: () => ({ url: '/api/login/recovery-code', ...json({ code: 'abcde-fghjk' }) }),
    expected: everyone(401),
  },
  {
    method: 'POST',
    url: '/api/register',
    request: () => ({ url: '/api/register', ...json({ username: 'x' }) }),
    expected: everyone(400),
  },
  { method: 'POST', url: '/api/logout', request: () => ({ url: '/api/logout' }), expected: everyone(200) },
  {
    method: 'POST',
    url: '/api/auth/resend-verification',
    request: () => ({ url: '/api/auth/resend-verification', ...json({ email: 'nobody@example.com' }) }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    url: '/api/auth/verify-email',
    request: () => ({ url: `/api/auth/verify-email?token=${badToken}` }),
    expected: everyone(303),
  },
  {
    method: 'POST',
    url: '/api/auth/forgot-password',
    request: () => ({ url: '/api/auth/forgot-password', ...json({ email: 'nobody@example.com' }) }),
    expected: everyone(200),
  },
  {
    method: 'POST',
    url: '/api/auth/reset-password',
    request: () => ({
      url: '/api/auth/reset-password',
      ...json({ token: badToken, password: 'a-long-new-passphrase' }),
    }),
    expected: everyone(400),
  },
  {
    method: 'POST',
    url: '/api/auth/magic-link',
    request: () => ({ url: '/api/auth/magic-link', ...json({ email: 'nobody@example.com' }) }),
    expected: everyone(200),
  },
  {
    method: 'POST',
    url: '/api/auth/magic-link/verify',
    request: () => ({ url: '/api/auth/magic-link/verify', ...json({ token: badToken }) }),
    expected: everyone(400),
  },
  {
    method: 'POST',
    url: '/api/auth/mfa/setup',
    request: () => ({ url: '/api/auth/mfa/setup', ...json({ password: 'not-the-password' }) }),
    expected: signedIn(401),
  },
  {
    method: 'POST',
    url: '/api/auth/mfa/enable',
    request: () => ({ url: '/api/auth/mfa/enable', ...json({ code: '123456' }) }),
    expected: signedIn(400),
  },
  {
    method: 'POST',
    url: '/api/auth/mfa/disable',
    request: () => ({ url: '/api/auth/mfa/disable', ...json({ password: DEMO_PASSWORD, code: '123456' }) }),
    expected: signedIn(409),
  },
  {
    method: 'POST',
    url: '/api/auth/mfa/recovery-codes',
    request: () => ({ url: '/api/auth/mfa/recovery-codes', ...json({ password: DEMO_PASSWORD }) }),
    // Nobody in the matrix has two-factor authentication on.
    expected: signedIn(409),
  },
  {
    method: 'POST',
    url: '/api/dev-login',
    request: () => ({ url: '/api/dev-login', ...json({ username: 'demo' }) }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    url: '/api/dev/mailbox',
    request: () => ({ url: '/api/dev/mailbox' }),
    expected: everyone(200),
  },
  { method: 'GET', url: '/dev/mailbox', request: () => ({ url: '/dev/mailbox' }), expected: everyone(200) },
  {
    method: 'POST',
    url: '/api/dev/billing/meter',
    request: () => ({ url: '/api/dev/billing/meter', ...json({ hours: ['2000-01-01T00:00:00.000Z'] }) }),
    expected: signedIn(200),
  },
  {
    method: 'GET',
    url: '/api/dev/billing/usage-records',
    request: () => ({ url: '/api/dev/billing/usage-records?month=2000-01' }),
    expected: signedIn(200),
  },
  {
    // A month without usage: nothing to invoice, whoever asks.
    method: 'POST',
    url: '/api/dev/billing/invoices',
    request: () => ({ url: '/api/dev/billing/invoices', ...json({ month: '2000-01' }) }),
    expected: signedIn(409),
  },
  {
    method: 'GET',
    url: '/api/notifications',
    request: () => ({ url: '/api/notifications' }),
    expected: signedIn(200),
    check: (caller, response) => {
      if (caller === 'visitor') return
      const ids = (response.json() as { message: string }[]).map((notification) => notification.message)
      expect(
        ids.includes('Matrix notification of the demo user'),
        `${caller} sees only their own notifications`,
      ).toBe(caller === 'user')
    },
  },
  {
    method: 'GET',
    url: '/api/notifications/count',
    request: () => ({ url: '/api/notifications/count' }),
    expected: signedIn(200),
  },
  {
    method: 'PUT',
    url: '/api/notifications/:id/read',
    request: ({ demoNotificationId }) => ({ url: `/api/notifications/${demoNotificationId}/read` }),
    expected: ownerOnly(200),
  },
  {
    method: 'PUT',
    url: '/api/notifications/:id/trash',
    request: ({ demoNotificationId }) => ({ url: `/api/notifications/${demoNotificationId}/trash` }),
    // Runs once per caller in order; the owner's call trashes it, so it is last among the callers.
    expected: ownerOnly(200),
  },
  {
    method: 'POST',
    url: '/api/notifications/mark-all-read',
    request: () => ({ url: '/api/notifications/mark-all-read' }),
    expected: signedIn(200),
  },
  {
    method: 'GET',
    url: '/api/officers/check-access',
    request: () => ({ url: '/api/officers/check-access' }),
    expected: signedIn(200),
    check: (caller, response) => {
      if (caller !== 'visitor')
        expect(response.json(), `${caller}'s officer access`).toBe(caller === 'officer')
    },
  },
  {
    method: 'GET',
    url: '/api/sidebar-counts',
    request: () => ({ url: '/api/sidebar-counts' }),
    expected: signedIn(200),
    check: (caller, response) => {
      if (caller === 'visitor') return
      // The demo organization has one cluster; nobody of another organization may count it.
      const sameOrganization = caller === 'user' || caller === 'admin'
      expect(response.json().clusters, `${caller}'s cluster count`).toBe(sameOrganization ? 1 : 0)
    },
  },
  {
    method: 'POST',
    url: '/api/leads/contact-sales',
    request: () => ({
      url: '/api/leads/contact-sales',
      ...json({ ...matrixLead(), company: 'Matrix', companySize: '11-50', message: MATRIX_MESSAGE }),
    }),
    expected: everyone(201),
  },
  {
    method: 'POST',
    url: '/api/leads/custom-quote',
    request: () => ({
      url: '/api/leads/custom-quote',
      ...json({
        ...matrixLead(),
        company: 'Matrix',
        clusterType: 'blue',
        nodeCount: '1-5',
        message: MATRIX_MESSAGE,
      }),
    }),
    expected: everyone(201),
  },
  {
    method: 'POST',
    url: '/api/leads/workload-migration',
    request: () => ({
      url: '/api/leads/workload-migration',
      ...json({
        ...matrixLead(),
        company: 'Matrix',
        currentPlatform: 'openshift',
        workloadCount: '1-10',
        message: MATRIX_MESSAGE,
      }),
    }),
    expected: everyone(201),
  },
  {
    method: 'POST',
    url: '/api/leads/contact',
    request: () => ({
      url: '/api/leads/contact',
      ...json({ ...matrixLead(), topic: 'general', message: MATRIX_MESSAGE }),
    }),
    expected: everyone(201),
  },
  {
    method: 'GET',
    url: '/api/leads/demo-slots',
    request: () => ({ url: '/api/leads/demo-slots' }),
    expected: everyone(200),
  },
  {
    method: 'POST',
    url: '/api/leads/schedule-demo',
    // A slot in the past is never on offer: the route is open to all, the booking refused.
    request: () => ({
      url: '/api/leads/schedule-demo',
      ...json({ ...matrixLead(), company: 'Matrix', slotStart: '2020-01-06T08:00:00Z' }),
    }),
    expected: everyone(422),
  },
  {
    method: 'POST',
    url: '/api/newsletter/subscriptions',
    request: () => ({ url: '/api/newsletter/subscriptions', ...json({ email: matrixLead().email }) }),
    expected: everyone(200),
  },
  {
    method: 'POST',
    url: '/api/newsletter/confirm',
    request: () => ({ url: '/api/newsletter/confirm', ...json({ token: badToken }) }),
    expected: everyone(400),
  },

  // Orders and clusters of the demo organization (fixtures: a running cluster, a confirmed order).
  {
    method: 'POST',
    url: '/api/orders/quote',
    request: () => ({ url: '/api/orders/quote', ...json(orderBody()) }),
    expected: signedIn(200),
    // Its invoice's credits are the caller's organization's: the demo organization's for its members only.
    check: (caller, response) => {
      if (caller === 'visitor') return
      const balance = (response.json() as { invoice: { creditsBalanceCents: number } }).invoice
        .creditsBalanceCents
      const demoMember = !['otherOrganization', 'officer', 'superAdmin'].includes(caller)
      if (demoMember)
        expect(balance, `${caller} sees its organization's credits`).toBe(DEMO_CREDITS_EUR_CENTS)
      else expect(balance, `${caller} sees the demo organization's credits`).not.toBe(DEMO_CREDITS_EUR_CENTS)
    },
  },
  {
    method: 'POST',
    url: '/api/orders',
    // A flavor the type does not allow: every member gets as far as validation, nobody orders.
    request: () => ({
      url: '/api/orders',
      payload: orderBody({ ...blueConfiguration(), clusterTypeId: 'sandbox' }),
      headers: { 'content-type': 'application/json', 'idempotency-key': 'matrix-order-key' },
    }),
    expected: signedIn(400),
  },
  {
    method: 'GET',
    url: '/api/orders',
    request: () => ({ url: '/api/orders' }),
    expected: signedIn(200),
    check: (caller, response) => {
      if (caller === 'visitor') return
      const sees = (response.json() as { items: { id: string }[] }).items.some(
        (order) => order.id === fixtures.demoOrderId,
      )
      expect(sees, `${caller} sees the demo organization's order`).toBe(
        caller === 'user' || caller === 'admin',
      )
    },
  },
  {
    method: 'GET',
    url: '/api/orders/:id',
    request: ({ demoOrderId }) => ({ url: `/api/orders/${demoOrderId}` }),
    expected: organizationOnly(200),
  },
  {
    method: 'POST',
    url: '/api/orders/:id/cancel',
    // The order is confirmed: its members are told it cannot be withdrawn any more.
    request: ({ demoOrderId }) => ({ url: `/api/orders/${demoOrderId}/cancel` }),
    expected: organizationOnly(409),
  },
  {
    method: 'GET',
    url: '/api/officers/orders',
    request: () => ({ url: '/api/officers/orders' }),
    expected: officersOnly(200),
  },
  {
    method: 'GET',
    url: '/api/officers/invoices',
    request: () => ({ url: '/api/officers/invoices?status=open' }),
    expected: officersOnly(200),
  },
  {
    // One cent at a time: the invoice has plenty left to credit for every officer call.
    method: 'POST',
    url: '/api/officers/invoices/:id/credit-notes',
    request: ({ demoInvoiceId }) => ({
      url: `/api/officers/invoices/${demoInvoiceId}/credit-notes`,
      ...json({ amountCents: 1, reason: 'Matrix correction' }),
    }),
    expected: officersOnly(201),
  },
  {
    method: 'POST',
    url: '/api/officers/credits',
    request: () => ({
      url: '/api/officers/credits',
      ...json({
        billingId: 'CD-DEMO-001',
        amountCents: 100,
        currency: 'EUR',
        expiresOn: '2099-12-31',
        note: 'Matrix grant',
      }),
    }),
    expected: officersOnly(201),
  },
  {
    method: 'POST',
    url: '/api/officers/orders/:id/approve',
    request: ({ demoOrderId }) => ({ url: `/api/officers/orders/${demoOrderId}/approve`, ...json({}) }),
    expected: officersOnly(409),
  },
  {
    method: 'POST',
    url: '/api/officers/orders/:id/reject',
    request: ({ demoOrderId }) => ({
      url: `/api/officers/orders/${demoOrderId}/reject`,
      ...json({ note: 'No' }),
    }),
    expected: officersOnly(409),
  },
  {
    method: 'GET',
    url: '/api/clusters',
    request: () => ({ url: '/api/clusters' }),
    expected: signedIn(200),
    check: (caller, response) => {
      if (caller === 'visitor') return
      const sees = (response.json() as { items: { id: string }[] }).items.some(
        (cluster) => cluster.id === fixtures.demoClusterId,
      )
      expect(sees, `${caller} sees the demo organization's cluster`).toBe(
        caller === 'user' || caller === 'admin',
      )
    },
  },
  ...(['', '/events', '/operations', '/manifests'] as const).map(
    (suffix): Row => ({
      method: 'GET',
      url: `/api/clusters/:id${suffix}`,
      request: ({ demoClusterId }) => ({ url: `/api/clusters/${demoClusterId}${suffix}` }),
      expected: organizationOnly(200),
    }),
  ),
  ...clusterCredentialRows(() => fixtures),
  {
    method: 'POST',
    url: '/api/clusters/:id/credentials/rotate',
    request: ({ demoClusterId }) => ({ url: `/api/clusters/${demoClusterId}/credentials/rotate` }),
    expected: organizationOnly(200),
  },
  {
    method: 'POST',
    url: '/api/clusters/:id/token-review',
    // The cluster's API server asks; an unknown token is simply not authenticated.
    request: ({ demoClusterId }) => ({
      url: `/api/clusters/${demoClusterId}/token-review`,
      ...json({ kind: 'TokenReview', spec: { token: 'cdk_unknown' } }),
    }),
    expected: everyone(200),
  },
  {
    method: 'PATCH',
    url: '/api/clusters/:id/node-pools/:pool',
    // Zero nodes breaks the scale rules of the body's schema, checked once the caller is known.
    request: ({ demoClusterId }) => ({
      url: `/api/clusters/${demoClusterId}/node-pools/workers`,
      ...json({ nodeCount: 0, autoscaling: { enabled: false, min: 1, max: 3 } }),
    }),
    expected: signedIn(400),
  },
  {
    method: 'POST',
    url: '/api/clusters/:id/upgrade',
    request: ({ demoClusterId }) => ({
      url: `/api/clusters/${demoClusterId}/upgrade`,
      ...json({ version: '9.99' }),
    }),
    expected: organizationOnly(400),
  },
  ...(['hibernate', 'wake'] as const).map(
    (action): Row => ({
      method: 'POST',
      url: `/api/clusters/:id/${action}`,
      // A Blue cluster never hibernates.
      request: ({ demoClusterId }) => ({ url: `/api/clusters/${demoClusterId}/${action}` }),
      expected: organizationOnly(422),
    }),
  ),
  {
    method: 'PUT',
    url: '/api/clusters/:id/maintenance',
    request: ({ demoClusterId }) => ({
      url: `/api/clusters/${demoClusterId}/maintenance`,
      ...json({ day: 'saturday', startHour: 3, autoPatchUpgrades: true }),
    }),
    expected: organizationOnly(200),
  },
  {
    method: 'POST',
    url: '/api/clusters/:id/retry',
    request: ({ demoClusterId }) => ({ url: `/api/clusters/${demoClusterId}/retry` }),
    expected: organizationOnly(409),
  },
  {
    method: 'DELETE',
    url: '/api/clusters/:id',
    request: ({ demoClusterId }) => ({
      url: `/api/clusters/${demoClusterId}`,
      ...json({ confirmName: 'not-its-name' }),
    }),
    expected: organizationOnly(400),
  },
  {
    method: 'GET',
    url: '/api/cluster-templates',
    request: () => ({ url: '/api/cluster-templates' }),
    expected: signedIn(200),
  },
  {
    method: 'POST',
    url: '/api/cluster-templates',
    request: () => ({
      url: '/api/cluster-templates',
      ...json({ name: 'Matrix', configuration: blueConfiguration() }),
    }),
    expected: signedIn(201),
  },
  {
    method: 'DELETE',
    url: '/api/cluster-templates/:id',
    // The organization's admin comes before the demo user: the admin deletes it, the user finds nothing.
    request: ({ demoTemplateId }) => ({ url: `/api/cluster-templates/${demoTemplateId}` }),
    expected: { ...organizationOnly(404), admin: 204 },
  },
  {
    method: 'GET',
    url: '/ws',
    request: () => ({ url: '/ws' }),
    expected: { ...everyone(426), visitor: 401 },
  },
  // — Provider checks (issue 6): they diagnose the operator's infrastructure, so the platform
  // operator only (issue 24, L6), and never with a token; the tests run the simulated driver. —
  {
    method: 'GET',
    url: '/api/providers/:provider/check',
    request: () => ({ url: '/api/providers/aws/check' }),
    expected: { ...everyone(403), visitor: 401, superAdmin: 200 },
    check: (caller, response) => {
      if (caller === 'superAdmin') expect(response.json()).toMatchObject({ simulated: true })
    },
  },
  // — End of provider checks. —
  // Billing and usage: every member reads their own organization's; its admins pay and change it.
  ...(
    ['credits', 'summary', 'plans', 'payment-methods', 'invoices', 'details', 'budget-alerts'] as const
  ).map(
    (area): Row => ({
      method: 'GET',
      url: `/api/billing/${area}`,
      request: () => ({ url: `/api/billing/${area}` }),
      expected: signedIn(200),
    }),
  ),
  {
    method: 'GET',
    url: '/api/billing/invoices/:id',
    request: ({ demoInvoiceId }) => ({ url: `/api/billing/invoices/${demoInvoiceId}` }),
    expected: organizationOnly(200),
  },
  {
    method: 'GET',
    url: '/api/billing/invoices/:id/csv',
    request: ({ demoInvoiceId }) => ({ url: `/api/billing/invoices/${demoInvoiceId}/csv` }),
    expected: organizationOnly(200),
  },
  {
    method: 'GET',
    url: '/api/billing/invoices/:id/pdf',
    request: ({ demoInvoiceId }) => ({ url: `/api/billing/invoices/${demoInvoiceId}/pdf` }),
    expected: organizationOnly(200),
  },
  {
    method: 'GET',
    url: '/api/billing/invoices/:id/facturx',
    request: ({ demoInvoiceId }) => ({ url: `/api/billing/invoices/${demoInvoiceId}/facturx` }),
    expected: organizationOnly(200),
  },
  {
    method: 'GET',
    url: '/api/billing/payments/:id',
    request: ({ demoPaymentId }) => ({ url: `/api/billing/payments/${demoPaymentId}` }),
    expected: organizationOnly(200),
  },
  {
    method: 'PUT',
    url: '/api/billing/details',
    request: () => ({
      url: '/api/billing/details',
      ...json({
        companyName: 'Matrix Company',
        address: '1 rue du Test, Paris',
        countryCode: 'FR',
        vatNumber: 'FR40303265045',
        purchaseOrderNumber: 'PO-1',
        billingEmail: 'billing@example.com',
        billingCurrency: 'EUR',
      }),
    }),
    expected: billingAdmins(200),
  },
  {
    method: 'POST',
    url: '/api/billing/budget-alerts',
    request: () => ({
      url: '/api/billing/budget-alerts',
      ...json({ amountCents: 50_000, basis: 'month_to_date' }),
    }),
    expected: billingAdmins(201),
  },
  {
    method: 'DELETE',
    url: '/api/billing/budget-alerts/:id',
    request: ({ demoBudgetAlertId }) => ({ url: `/api/billing/budget-alerts/${demoBudgetAlertId}` }),
    // The admin removes it; the platform operator, of another organization, finds nothing.
    expected: { ...billingAdmins(204), superAdmin: 404 },
  },
  // Without Stripe keys (this server has none) card payments answer 503; bank transfer remains.
  {
    method: 'POST',
    url: '/api/billing/credits/checkout',
    request: () => ({ url: '/api/billing/credits/checkout', ...json({ amount: 50 }) }),
    expected: billingAdmins(503),
  },
  {
    method: 'POST',
    url: '/api/billing/invoices/:id/checkout',
    request: ({ demoInvoiceId }) => ({ url: `/api/billing/invoices/${demoInvoiceId}/checkout` }),
    expected: billingAdmins(503),
  },
  {
    method: 'POST',
    url: '/api/billing/payment-methods/checkout',
    request: () => ({ url: '/api/billing/payment-methods/checkout' }),
    expected: billingAdmins(503),
  },
  {
    method: 'POST',
    url: '/api/billing/payment-methods/:id/default',
    request: () => ({ url: '/api/billing/payment-methods/pm_matrix/default' }),
    expected: billingAdmins(503),
  },
  {
    method: 'DELETE',
    url: '/api/billing/payment-methods/:id',
    request: () => ({ url: '/api/billing/payment-methods/pm_matrix' }),
    expected: billingAdmins(503),
  },
  {
    method: 'POST',
    url: '/api/billing/stripe-webhook',
    request: () => ({ url: '/api/billing/stripe-webhook', ...json({ id: 'evt_matrix' }) }),
    expected: everyone(404),
  },
  { method: 'GET', url: '/api/usage', request: () => ({ url: '/api/usage' }), expected: signedIn(200) },
  {
    method: 'GET',
    url: '/api/usage/csv',
    request: () => ({ url: '/api/usage/csv?month=2026-10' }),
    expected: signedIn(200),
  },
]

let server: TestServer
const cookies = new Map<Caller, string>()
let fixtures: Fixtures
let states: StateAccounts
let tokens: Record<TokenCaller, string>
let reviewHolders: Record<ReviewCaller, string>

beforeAll(async () => {
  server = await startTestServer(LOOPBACK_LIMITS)
  const registration = newRegistration()
  const registered = await new TestClient(server.app).post('/api/register', registration)
  expect(registered.statusCode).toBe(200)
  // A plain member of another organization.
  await server.db
    .update(users)
    .set({ role: 'user', emailVerified: true })
    .where(eq(users.id, registered.json().id))

  const idOf = async (username: string) =>
    (
      await server.db
        .select({ id: users.id, organizationId: users.organizationId, email: users.email })
        .from(users)
        .where(eq(users.username, username))
    )[0]!
  const demo = await idOf('demo')
  const notification = await inTransaction(server.db, (uow) =>
    createNotification(uow, {
      userId: demo.id,
      type: 'info',
      message: 'Matrix notification of the demo user',
    }),
  )
  const configuration = blueConfiguration('matrix-cluster')
  const [cluster] = await server.db
    .insert(clusters)
    .values({
      organizationId: demo.organizationId,
      name: configuration.name,
      status: 'running',
      configuration,
      clusterTypeId: 'blue',
      dataCenterCode: configuration.dataCenterCode,
      kubernetesVersion: '1.36',
      kubernetesPatch: '1.36.6',
      endpoint: 'https://matrix-cluster.de-fra-1.k8s.clusterdeck.eu:6443',
      caCertificate: '-----BEGIN CERTIFICATE-----\nMA==\n-----END CERTIFICATE-----\n',
    })
    .returning()
  const [order] = await server.db
    .insert(orders)
    .values({
      reference: 'ORD-2026-MATRIX',
      organizationId: demo.organizationId,
      createdBy: demo.id,
      status: 'confirmed',
      configuration,
      price: priceConfiguration(configuration, await getCatalog(server.db), {
        billingCycle: 'monthly',
        promoCode: null,
        isFirstPaidOrder: true,
      }),
      clusterId: cluster!.id,
    })
    .returning()
  // Installed, without a password yet: the rows that change it are refused the same way for every member.
  const [installation] = await server.db
    .insert(installations)
    .values({
      organizationId: demo.organizationId,
      clusterId: cluster!.id,
      productId: 'valkey',
      productKind: 'middleware',
      productName: 'Valkey',
      namespace: 'cache',
      planId: 's',
      version: '8.1',
      status: 'installed',
      settings: {},
    })
    .returning()
  // Its quote has expired: answering it is refused the same way for every member.
  const [customSolution] = await server.db
    .insert(customSolutions)
    .values({
      reference: 'CS-2026-MATRIX',
      organizationId: demo.organizationId,
      createdBy: demo.id,
      title: 'Matrix request',
      workload: 'A workload',
      components: 'Components',
      sla: 'business',
      currency: 'EUR',
      status: 'quoted',
    })
    .returning()
  const [quote] = await server.db
    .insert(customSolutionQuotes)
    .values({
      customSolutionId: customSolution!.id,
      lines: [{ description: 'Managed platform', quantity: 1, unitMonthlyCents: 100_000 }],
      monthlyTotalCents: 100_000,
      currency: 'EUR',
      exchangeRate: 0.85,
      monthlyTotalUsdCents: 117_647,
      validUntil: '2026-01-31',
    })
    .returning()
  const [template] = await server.db
    .insert(clusterTemplates)
    .values({ organizationId: demo.organizationId, name: 'Matrix template', configuration })
    .returning()
  const invoice = await inTransaction(server.db, ({ tx }) =>
    finaliseInvoice(tx, {
      organizationId: demo.organizationId,
      source: 'month:2026-10',
      periodStart: new Date('2026-10-01T00:00:00Z'),
      periodEnd: new Date('2026-10-31T00:00:00Z'),
      lines: [
        {
          kind: 'control_plane',
          clusterId: cluster!.id,
          clusterName: cluster!.name,
          description: 'Control plane (Standard)',
          quantity: 744,
          unitPriceMillicents: 13_562,
          amountCents: 9_900,
        },
      ],
      rates: FALLBACK_RATES,
      at: new Date('2026-11-01T02:00:00Z'),
    }),
  )
  // Credits of its own, which the order quote's invoice shows its members only.
  await grantCredits(server.db, {
    organizationId: demo.organizationId,
    amountCents: DEMO_CREDITS_USD_CENTS,
    expiresAt: new Date(Date.now() + 90 * 86_400_000),
    note: 'Matrix credits',
    grantedBy: null,
  })
  const [payment] = await server.db
    .insert(payments)
    .values({
      organizationId: demo.organizationId,
      purpose: 'credits',
      amountCents: 5_000,
      currency: 'EUR',
      usdCents: 5_917,
      checkoutSessionId: 'cs_test_matrix',
    })
    .returning()
  const [alert] = await server.db
    .insert(budgetAlerts)
    .values({ organizationId: demo.organizationId, amountCents: 100_000, currency: 'EUR', basis: 'forecast' })
    .returning()
  fixtures = {
    demoInvoiceId: invoice!.id,
    demoPaymentId: payment!.id,
    demoBudgetAlertId: alert!.id,
    demoNotificationId: notification.id,
    demoUserId: demo.id,
    demoClusterId: cluster!.id,
    demoOrderId: order!.id,
    demoTemplateId: template!.id,
    demoInstallationId: installation!.id,
    demoCustomSolutionId: customSolution!.id,
    demoQuoteId: quote!.id,
    ...(await insertSupportFixtures(server.db, demo, server.ctx.config.sessionSecret)),
    ...(await insertAccountFixtures(server.db, demo)),
    ...(await insertClusterCredentialFixtures(server.db, demo, cluster!.id)),
  }

  const usernames: Record<Exclude<Caller, 'visitor'>, string> = {
    user: 'demo',
    otherOrganization: registered.json().username,
    officer: 'officer',
    admin: 'admin',
    superAdmin: 'superadmin',
  }
  for (const [caller, username] of Object.entries(usernames) as [Caller, string][]) {
    cookies.set(caller, (await idOf(username)).id)
  }
  // The account gate's states in the demo organization, and API tokens of each scope held by a
  // plain member of a third organization.
  states = await insertStateAccounts(server, demo.organizationId)
  const tokenOwner = await new TestClient(server.app).post('/api/register', newRegistration())
  await server.db
    .update(users)
    .set({ role: 'user', emailVerified: true })
    .where(eq(users.id, tokenOwner.json().id))
  tokens = await insertTokens(server, await idOf(tokenOwner.json().username), states, demo.organizationId)
  const holders = Object.fromEntries(
    Object.entries(usernames).map(([caller]) => [caller, cookies.get(caller as Caller)!]),
  ) as Record<Exclude<Caller, 'visitor'>, string>
  reviewHolders = {
    ...holders,
    ...(Object.fromEntries(ACCOUNT_STATES.map((state) => [state, states[state].id])) as Record<
      AccountState,
      string
    >),
  }
  await server.db.insert(apiTokens).values({
    userId: demo.id,
    organizationId: demo.organizationId,
    name: 'Matrix token',
    prefix: MATRIX_TOKEN.slice(0, 10),
    tokenHash: hashToken(server.ctx.config.sessionSecret, MATRIX_TOKEN),
    scopes: [...MATRIX_TOKEN_SCOPES],
    expiresAt: new Date(Date.now() + 86_400_000),
  })
})

/** The demo user's API token: it reads clusters and support, and nothing else. */
const MATRIX_TOKEN = `cdk_${'m'.repeat(43)}`
const MATRIX_TOKEN_SCOPES = ['clusters:read', 'support:read'] as const

/**
 * What the token caller must get: a route that needs no sign-in answers it as a visitor (the
 * token is not a sign-in); one
 * within the token's scopes as its owner; any other 403.
 */
function expectedForToken(row: Row): number {
  // The sign-in steps refuse a visitor with 401 for their own reasons, not for want of a session.
  if (row.expected.visitor !== 401 || row.url.startsWith('/api/login')) return row.expected.visitor
  // A token lists and revokes its owner's tokens whatever its scopes.
  if (endpointAt(row.method, row.url)?.token === 'anyScope') return row.expected.user
  const needed = scopeOfRoute(row.method, row.url)
  return needed && scopesAllow(MATRIX_TOKEN_SCOPES, needed) ? row.expected.user : 403
}
afterAll(() => server.close())

const SERVER_PREFIXES = ['/api/', '/dev/', '/ws', '/healthz', '/readyz']

/** The built web app's files are served as hidden GET routes outside the server's own paths. */
function isBuiltWebFile(route: { method: string; url: string; hidden: boolean }): boolean {
  return (
    route.hidden && route.method === 'GET' && !SERVER_PREFIXES.some((prefix) => route.url.startsWith(prefix))
  )
}

/** A fresh session per request, so a logout in one cell cannot affect another. */
async function requestAs(caller: Caller, row: Row): Promise<LightMyRequestResponse> {
  return requestWithSession(caller === 'visitor' ? undefined : cookies.get(caller)!, row)
}

/**
 * The row's request with a new session of this account, written straight to the table: for an
 * account that may not act, a session that outlived the change that stopped it.
 */
async function requestWithSession(userId: string | undefined, row: Row): Promise<LightMyRequestResponse> {
  const options = row.request(fixtures)
  const headers: Record<string, string> = {
    ...(options.headers as Record<string, string>),
    origin: APP_ORIGIN,
  }
  if (userId) {
    const session = await createSession(server.db, server.ctx.config.sessionSecret, userId)
    headers.cookie = `cd_session=${session.token}`
  }
  return server.app.inject({ ...options, method: row.method as InjectOptions['method'], headers })
}

describe('authorization matrix', () => {
  it('has a row for every route the server registers, and no row for a route it does not', () => {
    const registered = server.app.registeredRoutes
      .filter((route) => route.method !== 'HEAD' && !isBuiltWebFile(route))
      .map((route) => `${route.method} ${route.url}`)
    const covered = MATRIX.map((row) => `${row.method} ${row.url}`)
    expect(
      registered.filter((route) => !covered.includes(route)),
      'routes missing from the matrix',
    ).toEqual([])
    expect(
      covered.filter((route) => !registered.includes(route)),
      'rows for routes that do not exist',
    ).toEqual([])
  })

  // Owner last, so a row the owner changes (trash) is still there for the others' attempts.
  const order: Caller[] = ['visitor', 'otherOrganization', 'officer', 'admin', 'superAdmin', 'user']
  for (const row of MATRIX) {
    it(`${row.method} ${row.url}`, async () => {
      const outcome: Partial<Expected> = {}
      for (const caller of order) {
        const response = await requestAs(caller, row)
        outcome[caller] = response.statusCode
        if (response.statusCode === row.expected[caller]) row.check?.(caller, response)
      }
      expect(outcome).toEqual(row.expected)
    })
  }

  // Token callers: the demo user's token, without cookies and without Origin.
  for (const row of MATRIX) {
    it(`${row.method} ${row.url} with an API token`, async () => {
      const options = row.request(fixtures)
      const response = await server.app.inject({
        ...options,
        method: row.method as InjectOptions['method'],
        headers: { ...(options.headers as Record<string, string>), authorization: `Bearer ${MATRIX_TOKEN}` },
      })
      expect(response.statusCode, response.body).toBe(expectedForToken(row))
    })
  }
})

// The account gate's states as callers: each with a session of its own, as if it had outlived the
// change (removal, erasure…) that should have ended it.
describe('authorization matrix: account states', () => {
  for (const row of MATRIX) {
    it(`${row.method} ${row.url} as each account state`, async () => {
      const outcome: Partial<Record<AccountState, number>> = {}
      const expected: Partial<Record<AccountState, number>> = {}
      for (const state of ACCOUNT_STATES) {
        const response = await requestWithSession(states[state].id, row)
        outcome[state] = response.statusCode
        expected[state] = expectedForState(row, state)
        // A body to look into is an answer's, not a refusal's.
        if (response.statusCode === expected[state] && response.statusCode < 300) row.check?.(state, response)
      }
      expect(outcome).toEqual(expected)
    })
  }
})

// API tokens as callers: one per scope, and one of every scope per account that may not act.
describe('authorization matrix: API token scopes', () => {
  for (const row of MATRIX) {
    it(`${row.method} ${row.url} with each API token`, async () => {
      const outcome: Partial<Record<TokenCaller, number>> = {}
      const expected: Partial<Record<TokenCaller, number>> = {}
      for (const caller of TOKEN_CALLERS) {
        const options = row.request(fixtures)
        const response = await server.app.inject({
          ...options,
          method: row.method as InjectOptions['method'],
          headers: {
            ...(options.headers as Record<string, string>),
            authorization: `Bearer ${tokens[caller]}`,
          },
        })
        outcome[caller] = response.statusCode
        expected[caller] = expectedForScopedToken(row, caller)
      }
      expect(outcome).toEqual(expected)
    })
  }
})

// The cluster token review, asked by the cluster's API server with the kubeconfig credential of
// each caller: only an active member of the cluster's organization is someone there.
describe('authorization matrix: the cluster token review', () => {
  it('authenticates an active member of the cluster’s organization only, with the group of their role', async () => {
    const reviewTokens = await insertReviewCredentials(server, fixtures.demoClusterId, reviewHolders)
    const outcome: Record<string, string | false> = {}
    const expected: Record<string, string | false> = {}
    for (const [caller, token] of Object.entries(reviewTokens) as [ReviewCaller, string][]) {
      const response = await server.app.inject({
        method: 'POST',
        url: `/api/clusters/${fixtures.demoClusterId}/token-review`,
        payload: { kind: 'TokenReview', spec: { token } },
      })
      expect(response.statusCode).toBe(200)
      const { status } = response.json() as {
        status: { authenticated: boolean; user?: { groups: string[] } }
      }
      outcome[caller] =
        status.authenticated && (status.user?.groups.find((group) => group.startsWith('clusterdeck:')) ?? '')
      expected[caller] = REVIEW_GROUPS[caller] ?? false
    }
    expect(outcome).toEqual(expected)
  })
})

/**
 * The simulated clusters' Kubernetes API (server/modules/clusters/control-plane/), its own TLS
 * listener: what an owner and a member of the cluster's organization get on each path, as the
 * clusters' RBAC gives them (cluster-admin; `edit`, which has no nodes). Everyone else — no token,
 * another organization, an account that may not act — is 401 everywhere, discovery included.
 */
const KUBE_API_ROWS: { method: string; path: string; owner: number; member: number }[] = [
  { method: 'GET', path: '/version', owner: 200, member: 200 },
  { method: 'GET', path: '/healthz', owner: 200, member: 200 },
  { method: 'GET', path: '/api', owner: 200, member: 200 },
  { method: 'GET', path: '/apis', owner: 200, member: 200 },
  { method: 'GET', path: '/api/v1', owner: 200, member: 200 },
  { method: 'GET', path: '/apis/authentication.k8s.io/v1', owner: 200, member: 200 },
  { method: 'POST', path: '/apis/authentication.k8s.io/v1/selfsubjectreviews', owner: 201, member: 201 },
  { method: 'GET', path: '/api/v1/namespaces', owner: 200, member: 200 },
  { method: 'GET', path: '/api/v1/namespaces/default', owner: 200, member: 200 },
  { method: 'DELETE', path: '/api/v1/namespaces/default', owner: 405, member: 403 },
  { method: 'GET', path: '/api/v1/events', owner: 200, member: 200 },
  { method: 'GET', path: '/api/v1/namespaces/kube-system/services', owner: 200, member: 200 },
  { method: 'GET', path: '/api/v1/nodes', owner: 200, member: 403 },
  { method: 'GET', path: '/api/v1/nodes/no-such-node', owner: 404, member: 403 },
  { method: 'DELETE', path: '/api/v1/nodes/no-such-node', owner: 405, member: 403 },
  { method: 'GET', path: '/api/v1/secrets', owner: 404, member: 404 },
]

describe('authorization matrix: a simulated cluster’s Kubernetes API', () => {
  it('answers owners every path, members all but nodes, and anyone else 401', async () => {
    const ca = certificateAuthority({ commonName: 'kubernetes', notBefore: new Date() })
    const [before] = await server.db.select().from(clusters).where(eq(clusters.id, fixtures.demoClusterId))
    await server.db
      .update(clusters)
      .set({ caCertificate: ca.certificate, caKey: sealSecret(server.ctx.config.secretsKey, ca.privateKey) })
      .where(eq(clusters.id, fixtures.demoClusterId))
    const listener = await startKubeApiListener(server.ctx, {
      port: 0,
      host: '127.0.0.1',
      hostCacheMs: 0,
      failedReviewsPerMinute: 100_000,
    })
    try {
      const reviewTokens = await insertReviewCredentials(server, fixtures.demoClusterId, reviewHolders)
      const callers: [string, string | undefined][] = [
        ['visitor', undefined],
        ...Object.entries(reviewTokens),
      ]
      const outcome: Record<string, Record<string, number>> = {}
      const expected: Record<string, Record<string, number>> = {}
      for (const row of KUBE_API_ROWS) {
        const key = `${row.method} ${row.path}`
        outcome[key] = {}
        expected[key] = {}
        for (const [caller, token] of callers) {
          const response = await kubeApiRequest({
            port: listener.port,
            serverName: new URL(before!.endpoint!).hostname,
            ca: ca.certificate,
            path: row.path,
            method: row.method,
            token,
            ...(row.method === 'POST' ? { body: '{"kind":"SelfSubjectReview"}' } : {}),
          })
          outcome[key][caller] = response.status
          const group = REVIEW_GROUPS[caller as ReviewCaller]
          expected[key][caller] =
            group === 'clusterdeck:owners' ? row.owner : group === 'clusterdeck:members' ? row.member : 401
        }
      }
      expect(outcome).toEqual(expected)
    } finally {
      await listener.close()
      await server.db
        .update(clusters)
        .set({ caCertificate: before!.caCertificate, caKey: before!.caKey })
        .where(eq(clusters.id, fixtures.demoClusterId))
    }
  })
})
