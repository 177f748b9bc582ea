import { expect } from 'vitest'
import { json, officersOnly, organizationOnly, type Row, signedIn } from './matrix-rows.ts'

/** The installations of the marketplace: the demo organization's members only. */
export function installationRows(): Row[] {
  const postgresql = (clusterId: string) => ({
    productId: 'postgresql',
    clusterId,
    namespace: 'matrix',
    planId: 's',
    version: '18.1',
    // Refused by the product's schema, which is read once the cluster is found to be the caller's.
    settings: { databaseName: 'shop', maxConnections: 1 },
    currency: 'EUR',
  })
  const at = (id: string, suffix = '') => `/api/installations/${id}${suffix}`
  return [
    {
      method: 'POST',
      url: '/api/installations/quote',
      request: ({ demoClusterId }) => ({
        url: '/api/installations/quote',
        ...json(postgresql(demoClusterId)),
      }),
      expected: organizationOnly(400),
    },
    {
      method: 'POST',
      url: '/api/installations',
      request: ({ demoClusterId }) => ({
        url: '/api/installations',
        ...json(postgresql(demoClusterId)),
        headers: { 'content-type': 'application/json', 'idempotency-key': 'matrix-installation-order' },
      }),
      expected: organizationOnly(400),
    },
    {
      method: 'GET',
      url: '/api/installations',
      request: () => ({ url: '/api/installations' }),
      expected: signedIn(200),
      check: (caller, response) => {
        if (caller === 'visitor') return
        const mine = caller === 'user' || caller === 'admin'
        expect(response.json().items.length > 0).toBe(mine)
      },
    },
    {
      method: 'GET',
      url: '/api/installations/:id',
      request: ({ demoInstallationId }) => ({ url: at(demoInstallationId) }),
      expected: organizationOnly(200),
    },
    {
      method: 'POST',
      url: '/api/installations/:id/upgrade',
      request: ({ demoInstallationId }) => ({
        url: at(demoInstallationId, '/upgrade'),
        ...json({ version: '0.1' }),
      }),
      expected: organizationOnly(422),
    },
    {
      method: 'POST',
      url: '/api/installations/:id/reconfigure',
      request: ({ demoInstallationId }) => ({
        url: at(demoInstallationId, '/reconfigure'),
        ...json({ settings: { maxMemoryPolicy: 'never' } }),
      }),
      expected: organizationOnly(400),
    },
    ...(['rollback', 'retry', 'credentials/rotate'] as const).map(
      (action): Row => ({
        method: 'POST',
        url: `/api/installations/:id/${action}`,
        // Nothing to roll back to, nothing failed, no password yet.
        request: ({ demoInstallationId }) => ({ url: at(demoInstallationId, `/${action}`) }),
        expected: organizationOnly(409),
      }),
    ),
    {
      method: 'POST',
      url: '/api/installations/:id/credentials/reveal',
      request: ({ demoInstallationId }) => ({
        url: at(demoInstallationId, '/credentials/reveal'),
        ...json({ password: 'not the password' }),
      }),
      expected: organizationOnly(401),
    },
    {
      method: 'DELETE',
      url: '/api/installations/:id',
      request: ({ demoInstallationId }) => ({
        url: at(demoInstallationId),
        ...json({ confirmName: 'not-its-name' }),
      }),
      expected: organizationOnly(400),
    },
  ]
}

/** Custom solutions: the demo organization's members answer its quotes; officers quote. */
export function customSolutionRows(): Row[] {
  const request = {
    title: 'A data platform',
    workload: 'Spark jobs reading from object storage every night',
    components: 'Spark, MinIO, Airflow',
    compliance: ['gdpr'],
    sla: 'business',
    budget: 5_000,
    currency: 'EUR',
    deadline: null,
  }
  return [
    {
      method: 'GET',
      url: '/api/custom-solutions',
      request: () => ({ url: '/api/custom-solutions' }),
      expected: signedIn(200),
      check: (caller, response) => {
        if (caller === 'visitor') return
        const mine = caller === 'user' || caller === 'admin'
        expect(response.json().items.length > 0).toBe(mine)
      },
    },
    {
      method: 'POST',
      url: '/api/custom-solutions',
      request: () => ({ url: '/api/custom-solutions', ...json(request) }),
      expected: signedIn(201),
    },
    {
      method: 'GET',
      url: '/api/custom-solutions/:id',
      request: ({ demoCustomSolutionId }) => ({ url: `/api/custom-solutions/${demoCustomSolutionId}` }),
      expected: organizationOnly(200),
    },
    ...(['accept', 'decline'] as const).map(
      (answer): Row => ({
        method: 'POST',
        url: `/api/custom-solutions/:id/quotes/:quoteId/${answer}`,
        request: ({ demoCustomSolutionId, demoQuoteId }) => ({
          url: `/api/custom-solutions/${demoCustomSolutionId}/quotes/${demoQuoteId}/${answer}`,
          ...(answer === 'decline' ? json({ reason: null }) : {}),
        }),
        expected: organizationOnly(409),
      }),
    ),
    {
      method: 'GET',
      url: '/api/officers/custom-solutions',
      request: () => ({ url: '/api/officers/custom-solutions' }),
      expected: officersOnly(200),
    },
    {
      method: 'POST',
      url: '/api/officers/custom-solutions/:id/quotes',
      // Already past: refused once the officer is known, before anything changes.
      request: ({ demoCustomSolutionId }) => ({
        url: `/api/officers/custom-solutions/${demoCustomSolutionId}/quotes`,
        ...json({
          lines: [{ description: 'Platform', quantity: 1, unitMonthlyCents: 1_000 }],
          currency: 'EUR',
          validUntil: '2026-01-01',
          note: null,
        }),
      }),
      expected: officersOnly(422),
    },
  ]
}
