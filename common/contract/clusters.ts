import { z } from 'zod'
import {
  clusterCredentialSchema,
  clusterDetailSchema,
  clusterEventSchema,
  clusterListQuerySchema,
  clusterSummarySchema,
  clusterTemplateSchema,
  deleteRequestSchema,
  kubeconfigRequestSchema,
  maintenanceWindowSchema,
  mergedKubeconfigRequestSchema,
  newClusterTemplateSchema,
  operationSchema,
  scaleNodePoolSchema,
  upgradeRequestSchema,
} from '../schemas/clusters.ts'
import { pageQuerySchema, pageSchema } from '../schemas/pagination.ts'
import { defineEndpoints, empty, file } from './endpoint.ts'
import { idParams } from './parameters.ts'

/** Paths served by more than one method: each written once. */
const clusterTemplatesPath = '/api/cluster-templates'
const clustersByIdPath = '/api/clusters/:id'

const poolParams = idParams.extend({ pool: z.string().min(1).max(30) })
const kubeconfigFile = file('application/yaml', 'A kubeconfig (YAML)')
/** A short-lived credential for a kubectl exec plugin (`clusterdeck kubeconfig exec-credential`). */
const execCredentialSchema = z.object({
  clusterName: z.string(),
  /** The bearer token for the cluster's API server, living `EXEC_CREDENTIAL_MINUTES`. */
  token: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
  /** Where kubectl reaches the cluster and the CA it checks (base64 PEM), for a kubeconfig's cluster entry. */
  server: z.string(),
  certificateAuthorityData: z.string(),
  tlsServerName: z.string().optional(),
})
const tokenReviewSchema = z.object({
  apiVersion: z.string().max(100).optional(),
  kind: z.literal('TokenReview').optional(),
  spec: z.object({ token: z.string().min(1).max(500) }),
})
const tokenReviewResponse = z.object({
  apiVersion: z.literal('authentication.k8s.io/v1'),
  kind: z.literal('TokenReview'),
  status: z.object({
    authenticated: z.boolean(),
    user: z.object({ username: z.string(), uid: z.string(), groups: z.array(z.string()) }).optional(),
  }),
})
const member = { audience: 'member', token: 'clusters' } as const
/**
 * A change that runs as an operation: the cluster as it is when the operation starts. Its order
 * shows the cluster's state, and its cost runs with its nodes.
 */
const operation = {
  ...member,
  params: idParams,
  responses: { 202: clusterDetailSchema },
  errors: [404, 409, 422],
  reads: ['clusters'],
  changes: ['clusters', 'orders', 'billing', 'usage'],
} as const

/** The organization's clusters, their operations and credentials, and its saved configurations. */
export const clusters = defineEndpoints('clusters', {
  list: {
    ...member,
    method: 'GET',
    path: '/api/clusters',
    summary: "The organization's clusters: search, filter by status and type, sort",
    query: clusterListQuerySchema,
    responses: { 200: pageSchema(clusterSummarySchema) },
    reads: ['clusters'],
  },
  get: {
    ...member,
    method: 'GET',
    path: clustersByIdPath,
    summary: 'One cluster: configuration, nodes, the current operation, cost this month',
    params: idParams,
    responses: { 200: clusterDetailSchema },
    errors: [404],
    reads: ['clusters'],
  },
  events: {
    ...member,
    method: 'GET',
    path: '/api/clusters/:id/events',
    summary: "The cluster's events, newest first",
    params: idParams,
    query: pageQuerySchema(30),
    responses: { 200: pageSchema(clusterEventSchema) },
    errors: [404],
    reads: ['clusters'],
  },
  operations: {
    ...member,
    method: 'GET',
    path: '/api/clusters/:id/operations',
    summary: "The cluster's operations (create, scale, upgrade, …) with their steps, newest first",
    params: idParams,
    responses: { 200: z.object({ items: z.array(operationSchema) }) },
    errors: [404],
    reads: ['clusters'],
  },
  kubeconfig: {
    ...member,
    method: 'POST',
    path: '/api/clusters/:id/kubeconfig',
    summary:
      'Issue a kubeconfig for the caller: a personal credential living the chosen lifetime (verified email)',
    params: idParams,
    body: kubeconfigRequestSchema,
    responses: { 200: kubeconfigFile },
    errors: [404, 409],
    changes: ['clusterCredentials'],
  },
  mergedKubeconfig: {
    ...member,
    method: 'POST',
    path: '/api/clusters/kubeconfig',
    summary: 'Issue one kubeconfig merging several clusters, a credential each (verified email)',
    body: mergedKubeconfigRequestSchema,
    responses: { 200: kubeconfigFile },
    errors: [404, 409],
    changes: ['clusterCredentials'],
  },
  execCredential: {
    ...member,
    method: 'POST',
    path: '/api/clusters/:id/credentials/exec',
    summary:
      'Issue a short-lived personal credential (an hour) for a kubectl exec plugin: the token, its expiry and the cluster entry',
    params: idParams,
    responses: { 200: execCredentialSchema },
    errors: [404, 409],
    changes: ['clusterCredentials'],
  },
  rotateCredentials: {
    ...member,
    method: 'POST',
    path: '/api/clusters/:id/credentials/rotate',
    summary: 'Rotate the cluster credentials: every kubeconfig issued before stops working',
    params: idParams,
    responses: { 200: clusterDetailSchema },
    errors: [404, 409],
    changes: ['clusters', 'clusterCredentials'],
  },
  manifests: {
    ...member,
    method: 'GET',
    path: '/api/clusters/:id/manifests',
    summary: "The cluster's configuration as Cluster API objects (read-only YAML)",
    params: idParams,
    responses: { 200: file('application/yaml', 'Cluster API objects (YAML documents)') },
    errors: [404],
    reads: ['clusters'],
  },
  scaleNodePool: {
    ...operation,
    method: 'PATCH',
    path: '/api/clusters/:id/node-pools/:pool',
    summary: "Scale a node pool or change its autoscaling (a job; follow the cluster's operation)",
    params: poolParams,
    body: scaleNodePoolSchema,
  },
  upgrade: {
    ...operation,
    method: 'POST',
    path: '/api/clusters/:id/upgrade',
    summary: 'Upgrade Kubernetes to the next minor version (a job)',
    body: upgradeRequestSchema,
  },
  hibernate: {
    ...operation,
    method: 'POST',
    path: '/api/clusters/:id/hibernate',
    summary: 'Hibernate a Dev/Test or Sandbox cluster: nodes scaled to zero, billing paused',
  },
  wake: {
    ...operation,
    method: 'POST',
    path: '/api/clusters/:id/wake',
    summary: 'Wake a hibernated cluster',
  },
  setMaintenance: {
    ...member,
    method: 'PUT',
    path: '/api/clusters/:id/maintenance',
    summary: 'Set the weekly maintenance window and automatic patch upgrades',
    params: idParams,
    body: maintenanceWindowSchema,
    responses: { 200: clusterDetailSchema },
    errors: [404, 409],
    changes: ['clusters'],
  },
  retry: {
    ...operation,
    method: 'POST',
    path: '/api/clusters/:id/retry',
    summary: 'Retry the failed operation of a cluster from the step that failed',
  },
  delete: {
    ...operation,
    method: 'DELETE',
    path: clustersByIdPath,
    summary: "Delete a cluster; the body repeats the cluster's name to confirm",
    body: deleteRequestSchema,
  },
  tokenReview: {
    audience: 'cluster',
    method: 'POST',
    path: '/api/clusters/:id/token-review',
    summary: "Kubernetes webhook token authentication for the cluster's API server",
    description: 'Called by the cluster itself; it authenticates by the token it asks about.',
    rateLimited: true,
    params: idParams,
    body: tokenReviewSchema,
    responses: { 200: tokenReviewResponse },
  },
  templates: {
    ...member,
    method: 'GET',
    path: clusterTemplatesPath,
    summary: "The organization's saved cluster configurations",
    responses: { 200: z.object({ items: z.array(clusterTemplateSchema) }) },
    reads: ['clusterTemplates'],
  },
  saveTemplate: {
    ...member,
    method: 'POST',
    path: clusterTemplatesPath,
    summary: 'Save a configuration as a template',
    body: newClusterTemplateSchema,
    responses: { 201: clusterTemplateSchema },
    changes: ['clusterTemplates'],
  },
  deleteTemplate: {
    ...member,
    method: 'DELETE',
    path: '/api/cluster-templates/:id',
    summary: 'Delete a saved template',
    params: idParams,
    responses: { 204: empty('Deleted') },
    errors: [404],
    changes: ['clusterTemplates'],
  },
  credentials: {
    audience: 'user',
    method: 'GET',
    path: '/api/user/cluster-credentials',
    summary: "The signed-in person's cluster credentials still valid: cluster, created, expires, last used",
    responses: { 200: z.object({ items: z.array(clusterCredentialSchema) }) },
    reads: ['clusterCredentials'],
  },
  revokeCredential: {
    audience: 'user',
    method: 'DELETE',
    path: '/api/user/cluster-credentials/:id',
    summary: 'Revoke one of your cluster credentials: its kubeconfig stops working at once',
    params: idParams,
    responses: { 204: empty('Revoked') },
    errors: [404],
    changes: ['clusterCredentials', 'audit'],
  },
})
