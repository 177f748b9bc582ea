import { z } from 'zod'
import {
  connectionCredentialsSchema,
  installationListQuerySchema,
  installationOrderRequestSchema,
  installationSchema,
  installationSummarySchema,
  reconfigureInstallationSchema,
  revealCredentialsSchema,
  uninstallInstallationSchema,
  upgradeInstallationSchema,
} from '../schemas/installations.ts'
import { orderQuoteSchema, orderSchema } from '../schemas/orders.ts'
import { installCheckSchema, installRequestSchema } from '../schemas/products.ts'
import { productParams } from './catalog.ts'
import { defineEndpoints } from './endpoint.ts'
import { idempotencyHeaders, idParams } from './parameters.ts'

/** Paths served by more than one method: each written once. */
const installationsPath = '/api/installations'
const installationsByIdPath = '/api/installations/:id'

const member = { audience: 'member', token: 'marketplace' } as const
/** A change that runs as an operation: the installation as it stands, its operation under way. */
const operation = {
  ...member,
  params: idParams,
  responses: { 202: installationSchema },
  errors: [404, 409],
  reads: ['installations'],
  changes: ['installations', 'billing', 'usage'],
} as const

/**
 * Products on the organization's clusters: check, quote and order an installation, then list,
 * read, upgrade, reconfigure, roll back, retry and uninstall it — plain calls a script or a
 * Terraform provider can manage installations with.
 */
export const marketplace = defineEndpoints('marketplace', {
  check: {
    ...member,
    method: 'POST',
    path: '/api/products/:id/check',
    summary: 'Check an installation before ordering it: the settings with their defaults and the price',
    description:
      '400 names each setting at fault against the product’s JSON Schema; 422 says why the cluster or the catalog cannot take it (type, Kubernetes version, state, capacity, plan, version, namespace).',
    params: productParams,
    body: installRequestSchema,
    responses: { 200: installCheckSchema },
    errors: [404, 422],
    reads: ['products', 'clusters', 'installations'],
  },
  quote: {
    ...member,
    method: 'POST',
    path: '/api/installations/quote',
    summary:
      "The server's price of a product order, with the promotion applied or refused, and what its invoice will charge",
    description:
      "`invoice` is in the organization's billing currency at today's rate: its credits used first, VAT by its country and VAT number, and the ways to pay the rest.",
    body: installationOrderRequestSchema,
    responses: { 200: orderQuoteSchema },
    errors: [404, 422],
    reads: ['products', 'clusters', 'installations', 'billing'],
  },
  install: {
    ...member,
    method: 'POST',
    path: installationsPath,
    summary: 'Order a product onto a cluster (install it)',
    description:
      'Needs an Idempotency-Key header: the same key and body return the same order (200). The order names the installation it created (`installationId`); an order above the credit limit waits for an officer first.',
    headers: idempotencyHeaders,
    body: installationOrderRequestSchema,
    responses: { 200: orderSchema, 201: orderSchema },
    errors: [404, 409, 422],
    changes: ['orders', 'installations', 'billing', 'usage'],
  },
  installations: {
    ...member,
    method: 'GET',
    path: installationsPath,
    summary: "The organization's installations, of a kind, status or cluster",
    query: installationListQuerySchema,
    responses: { 200: z.object({ items: z.array(installationSummarySchema) }) },
    reads: ['installations'],
  },
  installation: {
    ...member,
    method: 'GET',
    path: installationsByIdPath,
    summary: 'One installation: status, settings, version, connection details and its operations',
    params: idParams,
    responses: { 200: installationSchema },
    errors: [404],
    reads: ['installations'],
  },
  upgrade: {
    ...operation,
    method: 'POST',
    path: '/api/installations/:id/upgrade',
    summary: 'Upgrade to a newer version offered by the catalog',
    body: upgradeInstallationSchema,
    errors: [404, 409, 422],
  },
  reconfigure: {
    ...operation,
    method: 'POST',
    path: '/api/installations/:id/reconfigure',
    summary: 'Apply new settings (checked against the product’s JSON Schema)',
    body: reconfigureInstallationSchema,
  },
  rollBack: {
    ...operation,
    method: 'POST',
    path: '/api/installations/:id/rollback',
    summary: 'Go back to the version and settings before the last upgrade',
  },
  retry: {
    ...operation,
    method: 'POST',
    path: '/api/installations/:id/retry',
    summary: 'Resume a failed operation from the step that failed',
  },
  uninstall: {
    ...operation,
    method: 'DELETE',
    path: installationsByIdPath,
    summary: "Uninstall; the body repeats the product's name to confirm",
    body: uninstallInstallationSchema,
  },
  revealCredentials: {
    ...member,
    method: 'POST',
    path: '/api/installations/:id/credentials/reveal',
    summary: 'The connection password, after the caller types their own password again',
    description: 'A wrong password answers 401 (code INVALID_PASSWORD); the audit log records who saw it.',
    rateLimited: true,
    params: idParams,
    body: revealCredentialsSchema,
    responses: { 200: connectionCredentialsSchema },
    errors: [404, 409],
    changes: ['audit'],
  },
  rotateCredentials: {
    ...operation,
    method: 'POST',
    path: '/api/installations/:id/credentials/rotate',
    summary: 'Replace the connection password; the release is reconfigured with it',
  },
})
