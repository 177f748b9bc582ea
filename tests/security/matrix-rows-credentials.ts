import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import type { Database } from '#server/db/client.ts'
import { clusterCredentials } from '#server/db/schema/index.ts'
import {
  everyone,
  type Fixtures,
  json,
  officersOnly,
  organizationOnly,
  ownerOnly,
  type Row,
  signedIn,
} from './matrix-rows.ts'

/** Rows of the passkeys and API tokens: a person's own, and the ways in they give. */
export function credentialRows(): Row[] {
  const someResponse = {
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    response: {},
    clientExtensionResults: {},
  }
  return [
    {
      method: 'GET',
      url: '/api/auth/passkeys',
      request: () => ({ url: '/api/auth/passkeys' }),
      expected: signedIn(200),
    },
    {
      method: 'POST',
      url: '/api/auth/passkeys/options',
      request: () => ({ url: '/api/auth/passkeys/options' }),
      expected: signedIn(200),
    },
    {
      method: 'POST',
      url: '/api/auth/passkeys',
      request: () => ({ url: '/api/auth/passkeys', ...json({ name: 'Matrix key', response: someResponse }) }),
      // The browser's answer is not a real attestation.
      expected: signedIn(400),
    },
    {
      method: 'PATCH',
      url: '/api/auth/passkeys/:id',
      request: () => ({ url: `/api/auth/passkeys/${randomUUID()}`, ...json({ name: 'Renamed' }) }),
      expected: signedIn(404),
    },
    {
      method: 'DELETE',
      url: '/api/auth/passkeys/:id',
      request: () => ({ url: `/api/auth/passkeys/${randomUUID()}` }),
      expected: signedIn(404),
    },
    {
      method: 'POST',
      url: '/api/login/passkey/options',
      request: () => ({ url: '/api/login/passkey/options' }),
      expected: everyone(200),
    },
    {
      method: 'POST',
      url: '/api/login/passkey',
      request: () => ({
        url: '/api/login/passkey',
        ...json({ challengeId: randomUUID(), response: someResponse }),
      }),
      expected: everyone(401),
    },
    {
      method: 'GET',
      url: '/api/user/tokens',
      request: () => ({ url: '/api/user/tokens' }),
      expected: signedIn(200),
    },
    {
      method: 'POST',
      url: '/api/user/tokens',
      request: () => ({
        url: '/api/user/tokens',
        ...json({ name: 'Matrix', scopes: ['clusters:read'], lifetime: '30d' }),
      }),
      expected: signedIn(201),
    },
    {
      method: 'DELETE',
      url: '/api/user/tokens/:id',
      request: () => ({ url: `/api/user/tokens/${randomUUID()}` }),
      expected: signedIn(404),
    },
  ]
}

/** Rows of GDPR requests: each person's own, and the officers' erasure queue. */
export function gdprRows(): Row[] {
  return [
    {
      method: 'GET',
      url: '/api/user/gdpr',
      request: () => ({ url: '/api/user/gdpr' }),
      expected: signedIn(200),
    },
    {
      method: 'POST',
      url: '/api/user/gdpr/export',
      request: () => ({ url: '/api/user/gdpr/export' }),
      expected: signedIn(201),
    },
    {
      method: 'GET',
      url: '/api/user/gdpr/:id/archive',
      request: () => ({ url: `/api/user/gdpr/${randomUUID()}/archive` }),
      expected: signedIn(404),
    },
    {
      method: 'POST',
      url: '/api/user/gdpr/erasure',
      request: () => ({ url: '/api/user/gdpr/erasure', ...json({ reason: 'Matrix' }) }),
      expected: signedIn(201),
    },
    {
      method: 'GET',
      url: '/api/officers/gdpr-requests',
      request: () => ({ url: '/api/officers/gdpr-requests' }),
      expected: officersOnly(200),
    },
    ...(['approve', 'refuse', 'extend'] as const).map(
      (action): Row => ({
        method: 'POST',
        url: `/api/officers/gdpr-requests/:id/${action}`,
        request: () => ({
          url: `/api/officers/gdpr-requests/${randomUUID()}/${action}`,
          ...(action === 'approve' ? {} : json({ reason: 'Matrix' })),
        }),
        expected: officersOnly(404),
      }),
    ),
  ]
}

/** A kubeconfig credential of the demo user on the demo cluster, which the account rows list and revoke. */
export type ClusterCredentialFixtures = { demoClusterCredentialId: string }

export async function insertClusterCredentialFixtures(
  db: Database,
  demo: { id: string },
  clusterId: string,
): Promise<ClusterCredentialFixtures> {
  const token = `cdk_${randomBytes(32).toString('base64url')}`
  const [credential] = await db
    .insert(clusterCredentials)
    .values({
      clusterId,
      userId: demo.id,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      generation: 1,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: clusterCredentials.id })
  return { demoClusterCredentialId: credential!.id }
}

/**
 * Rows of cluster credentials: issued by a POST (a `clusters:write` call) to the cluster's
 * organization; listed and revoked by their owner only, never with an API token.
 */
export function clusterCredentialRows(fixturesNow: () => Fixtures): Row[] {
  return [
    {
      method: 'POST',
      url: '/api/clusters/:id/kubeconfig',
      request: ({ demoClusterId }) => ({
        url: `/api/clusters/${demoClusterId}/kubeconfig`,
        ...json({ lifetime: '1d' }),
      }),
      expected: organizationOnly(200),
    },
    {
      method: 'POST',
      url: '/api/clusters/:id/credentials/exec',
      request: ({ demoClusterId }) => ({ url: `/api/clusters/${demoClusterId}/credentials/exec` }),
      expected: organizationOnly(200),
    },
    {
      method: 'POST',
      url: '/api/clusters/kubeconfig',
      request: ({ demoClusterId }) => ({
        url: '/api/clusters/kubeconfig',
        ...json({ clusterIds: [demoClusterId], lifetime: '1d' }),
      }),
      expected: organizationOnly(200),
    },
    {
      method: 'GET',
      url: '/api/user/cluster-credentials',
      request: () => ({ url: '/api/user/cluster-credentials' }),
      expected: signedIn(200),
      check: (caller, response) => {
        if (caller === 'visitor') return
        const ids = (response.json() as { items: { id: string }[] }).items.map((item) => item.id)
        const sees = ids.includes(fixturesNow().demoClusterCredentialId)
        expect(sees, `${caller} sees the demo user's credential`).toBe(caller === 'user')
      },
    },
    {
      method: 'DELETE',
      url: '/api/user/cluster-credentials/:id',
      request: ({ demoClusterCredentialId }) => ({
        url: `/api/user/cluster-credentials/${demoClusterCredentialId}`,
      }),
      // Another person's credential is not found, even for the organization's admin.
      expected: ownerOnly(204),
    },
  ]
}
