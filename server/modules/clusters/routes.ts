import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { stringify } from 'yaml'
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
} from '#common/schemas/clusters.ts'
import { pageQuerySchema, pageSchema } from '#common/schemas/pagination.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { errorResponses } from '#server/lib/http.ts'
import { getCatalog } from '#server/modules/catalog/service.ts'
import { requireMember, requireUser } from '#server/plugins/auth.ts'
import type { DriverName } from '#server/provisioning/driver.ts'
import { driverClusterOf, getDriver } from '#server/provisioning/engine.ts'
import {
  deleteCluster,
  hibernateCluster,
  retryCluster,
  scaleNodePool,
  setMaintenanceWindow,
  upgradeCluster,
} from './changes.ts'
import { listClusterCredentials, revokeClusterCredential } from './credentials.ts'
import { downloadKubeconfig, mergedKubeconfig, reviewToken, rotateCredentials } from './kubeconfig.ts'
import { clusterDetail, findCluster, listClusters, listEvents, listOperations } from './service.ts'
import { deleteTemplate, listTemplates, saveTemplate } from './templates.ts'

const idParams = z.object({ id: z.uuid() })
const poolParams = idParams.extend({ pool: z.string().min(1).max(30) })
const yamlResponse = z.string().describe('YAML')
const eventsQuery = pageQuerySchema(30)
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

/**
 * The organization's clusters, for its active members; each person's own cluster credentials; and
 * the token review that the clusters' own API servers call, which authenticates by the token it
 * checks.
 */
export default async function clusterRoutes(app: FastifyInstance, ctx: ServerContext) {
  await app.register(memberRoutes, ctx)
  await app.register(credentialRoutes, ctx)
  await app.register(tokenReviewRoutes, ctx)
}

/** The kubeconfigs a person has downloaded, on their account page (never with an API token). */
async function credentialRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireUser)

  api.get('/api/user/cluster-credentials', {
    schema: {
      tags: ['account'],
      summary: "The signed-in person's cluster credentials still valid: cluster, created, expires, last used",
      response: { 200: z.object({ items: z.array(clusterCredentialSchema) }), ...errorResponses(401, 403) },
    },
    handler: async (request) => ({ items: await listClusterCredentials(ctx.db, callerOf(request)) }),
  })

  api.delete('/api/user/cluster-credentials/:id', {
    schema: {
      tags: ['account'],
      summary: 'Revoke one of your cluster credentials: its kubeconfig stops working at once',
      params: idParams,
      response: { 204: z.null().describe('Revoked'), ...errorResponses(401, 403, 404) },
    },
    handler: async (request, reply) => {
      await revokeClusterCredential(ctx, callerOf(request), request.params.id)
      return reply.status(204).send(null)
    },
  })
}

/**
 * The review's own limit per address: a token is 256 random bits, so nothing is guessed here, but a
 * cluster's API server asks from one address for every person using it — the sign-in limit would
 * lock a busy cluster out.
 */
const tokenReviewLimit = { rateLimit: { max: 6_000, timeWindow: 60_000 } }

async function tokenReviewRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.post('/api/clusters/:id/token-review', {
    config: tokenReviewLimit,
    schema: {
      tags: ['clusters'],
      summary: "Kubernetes webhook token authentication for the cluster's API server",
      params: idParams,
      body: tokenReviewSchema,
      response: { 200: tokenReviewResponse, ...errorResponses(400, 429) },
    },
    handler: async (request) => {
      const review = await reviewToken(ctx.db, request.params.id, request.body.spec.token)
      return { apiVersion: 'authentication.k8s.io/v1' as const, kind: 'TokenReview' as const, status: review }
    },
  })
}

async function memberRoutes(app: FastifyInstance, ctx: ServerContext) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.addHook('preValidation', requireMember)
  const detail = async (request: FastifyRequest, id: string) =>
    clusterDetail(ctx.db, callerOf(request), id, await getCatalog(ctx.db))
  const accepted = { 202: clusterDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 422) }

  api.get('/api/clusters', {
    schema: {
      tags: ['clusters'],
      summary: "The organization's clusters: search, filter by status and type, sort",
      querystring: clusterListQuerySchema,
      response: {
        200: pageSchema(clusterSummarySchema),
        ...errorResponses(400, 401, 403),
      },
    },
    handler: async (request) => listClusters(ctx.db, callerOf(request), request.query),
  })

  api.get('/api/clusters/:id', {
    schema: {
      tags: ['clusters'],
      summary: 'One cluster: configuration, nodes, the current operation, cost this month',
      params: idParams,
      response: { 200: clusterDetailSchema, ...errorResponses(401, 403, 404) },
    },
    handler: async (request) => detail(request, request.params.id),
  })

  api.get('/api/clusters/:id/events', {
    schema: {
      tags: ['clusters'],
      summary: "The cluster's events, newest first",
      params: idParams,
      querystring: eventsQuery,
      response: {
        200: pageSchema(clusterEventSchema),
        ...errorResponses(400, 401, 403, 404),
      },
    },
    handler: async (request) => listEvents(ctx.db, callerOf(request), request.params.id, request.query),
  })

  api.get('/api/clusters/:id/operations', {
    schema: {
      tags: ['clusters'],
      summary: "The cluster's operations (create, scale, upgrade, …) with their steps, newest first",
      params: idParams,
      response: { 200: z.object({ items: z.array(operationSchema) }), ...errorResponses(401, 403, 404) },
    },
    handler: async (request) => listOperations(ctx.db, callerOf(request), request.params.id),
  })

  api.post('/api/clusters/:id/kubeconfig', {
    schema: {
      tags: ['clusters'],
      summary:
        'Issue a kubeconfig for the caller: a personal credential living the chosen lifetime (verified email)',
      params: idParams,
      body: kubeconfigRequestSchema,
      response: { 200: yamlResponse, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      const kubeconfig = await downloadKubeconfig(
        ctx,
        callerOf(request),
        request.params.id,
        request.body.lifetime,
      )
      return reply
        .type('application/yaml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${kubeconfig.name}-kubeconfig.yaml"`)
        .header('cache-control', 'no-store')
        .send(kubeconfig.text)
    },
  })

  api.post('/api/clusters/kubeconfig', {
    schema: {
      tags: ['clusters'],
      summary: 'Issue one kubeconfig merging several clusters, a credential each (verified email)',
      body: mergedKubeconfigRequestSchema,
      response: { 200: yamlResponse, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      const text = await mergedKubeconfig(
        ctx,
        callerOf(request),
        request.body.clusterIds,
        request.body.lifetime,
      )
      return reply
        .type('application/yaml; charset=utf-8')
        .header('content-disposition', 'attachment; filename="clusterdeck-kubeconfig.yaml"')
        .header('cache-control', 'no-store')
        .send(text)
    },
  })

  api.post('/api/clusters/:id/credentials/rotate', {
    schema: {
      tags: ['clusters'],
      summary: 'Rotate the cluster credentials: every kubeconfig issued before stops working',
      params: idParams,
      response: { 200: clusterDetailSchema, ...errorResponses(401, 403, 404, 409) },
    },
    handler: async (request) => {
      await rotateCredentials(ctx, callerOf(request), request.params.id)
      return detail(request, request.params.id)
    },
  })

  api.get('/api/clusters/:id/manifests', {
    schema: {
      tags: ['clusters'],
      summary: "The cluster's configuration as the driver renders it (read-only YAML)",
      params: idParams,
      response: { 200: yamlResponse, ...errorResponses(401, 403, 404) },
    },
    handler: async (request, reply) => {
      const cluster = await findCluster(ctx.db, callerOf(request), request.params.id)
      const driver = await getDriver(ctx, cluster.driver as DriverName)
      const manifests = driver.manifests(await driverClusterOf(ctx.db, cluster))
      return reply
        .type('application/yaml; charset=utf-8')
        .send(manifests.map((manifest) => stringify(manifest)).join('---\n'))
    },
  })

  api.patch('/api/clusters/:id/node-pools/:pool', {
    schema: {
      tags: ['clusters'],
      summary: "Scale a node pool or change its autoscaling (a job; follow the cluster's operation)",
      params: poolParams,
      body: scaleNodePoolSchema,
      response: accepted,
    },
    handler: async (request, reply) => {
      await scaleNodePool(ctx, callerOf(request), request.params.id, request.params.pool, request.body)
      return reply.status(202).send(await detail(request, request.params.id))
    },
  })

  api.post('/api/clusters/:id/upgrade', {
    schema: {
      tags: ['clusters'],
      summary: 'Upgrade Kubernetes to the next minor version (a job)',
      params: idParams,
      body: upgradeRequestSchema,
      response: accepted,
    },
    handler: async (request, reply) => {
      await upgradeCluster(ctx, callerOf(request), request.params.id, request.body.version)
      return reply.status(202).send(await detail(request, request.params.id))
    },
  })

  for (const action of ['hibernate', 'wake'] as const)
    api.post(`/api/clusters/:id/${action}`, {
      schema: {
        tags: ['clusters'],
        summary:
          action === 'hibernate'
            ? 'Hibernate a Dev/Test or Sandbox cluster: nodes scaled to zero, billing paused'
            : 'Wake a hibernated cluster',
        params: idParams,
        response: accepted,
      },
      handler: async (request, reply) => {
        await hibernateCluster(ctx, callerOf(request), request.params.id, action === 'wake')
        return reply.status(202).send(await detail(request, request.params.id))
      },
    })

  api.put('/api/clusters/:id/maintenance', {
    schema: {
      tags: ['clusters'],
      summary: 'Set the weekly maintenance window and automatic patch upgrades',
      params: idParams,
      body: maintenanceWindowSchema,
      response: { 200: clusterDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      await setMaintenanceWindow(ctx, callerOf(request), request.params.id, request.body)
      return detail(request, request.params.id)
    },
  })

  api.post('/api/clusters/:id/retry', {
    schema: {
      tags: ['clusters'],
      summary: 'Retry the failed operation of a cluster from the step that failed',
      params: idParams,
      response: accepted,
    },
    handler: async (request, reply) => {
      await retryCluster(ctx, callerOf(request), request.params.id)
      return reply.status(202).send(await detail(request, request.params.id))
    },
  })

  api.delete('/api/clusters/:id', {
    schema: {
      tags: ['clusters'],
      summary: "Delete a cluster; the body repeats the cluster's name to confirm",
      params: idParams,
      body: deleteRequestSchema,
      response: accepted,
    },
    handler: async (request, reply) => {
      await deleteCluster(ctx, callerOf(request), request.params.id, request.body.confirmName)
      return reply.status(202).send(await detail(request, request.params.id))
    },
  })

  api.get('/api/cluster-templates', {
    schema: {
      tags: ['clusters'],
      summary: "The organization's saved cluster configurations",
      response: { 200: z.object({ items: z.array(clusterTemplateSchema) }), ...errorResponses(401, 403) },
    },
    handler: async (request) => listTemplates(ctx.db, callerOf(request)),
  })

  api.post('/api/cluster-templates', {
    schema: {
      tags: ['clusters'],
      summary: 'Save a configuration as a template',
      body: newClusterTemplateSchema,
      response: { 201: clusterTemplateSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => {
      reply.status(201)
      return saveTemplate(ctx.db, callerOf(request), request.body)
    },
  })

  api.delete('/api/cluster-templates/:id', {
    schema: {
      tags: ['clusters'],
      summary: 'Delete a saved template',
      params: idParams,
      response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 403, 404) },
    },
    handler: async (request, reply) => {
      await deleteTemplate(ctx.db, callerOf(request), request.params.id)
      return reply.status(204).send(null)
    },
  })
}
