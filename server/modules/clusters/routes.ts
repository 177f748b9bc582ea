import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { stringify } from 'yaml'
import { api } from '#common/contract/index.ts'
import type { ServerContext } from '#server/context.ts'
import { callerOf } from '#server/lib/caller.ts'
import { serve } from '#server/lib/serve.ts'
import { getCatalog } from '#server/modules/catalog/index.ts'
import { type DriverName, driverClusterOf, getDriver } from '#server/provisioning/index.ts'
import {
  deleteCluster,
  hibernateCluster,
  retryCluster,
  scaleNodePool,
  setMaintenanceWindow,
  upgradeCluster,
} from './changes.ts'
import { listClusterCredentials, revokeClusterCredential } from './credentials.ts'
import {
  downloadKubeconfig,
  issueExecCredential,
  mergedKubeconfig,
  reviewToken,
  rotateCredentials,
} from './kubeconfig.ts'
import { clusterDetail, findCluster, listClusters, listEvents, listOperations } from './service.ts'
import { deleteTemplate, listTemplates, saveTemplate } from './templates.ts'

const endpoints = api.clusters

/**
 * The review's own limit per address: a token is 256 random bits, so nothing is guessed here, but a
 * cluster's API server asks from one address for every person using it — the sign-in limit would
 * lock a busy cluster out.
 */
const tokenReviewLimit = { max: 6_000, timeWindow: 60_000 }

/**
 * The organization's clusters, for its active members; each person's own cluster credentials; and
 * the token review that the clusters' own API servers call, which authenticates by the token it
 * checks.
 */
export default async function clusterRoutes(app: FastifyInstance, ctx: ServerContext) {
  const detail = async (request: FastifyRequest, id: string) =>
    clusterDetail(ctx.db, callerOf(request), id, await getCatalog(ctx.db))
  /** A change that runs as an operation answers 202 with the cluster as the operation starts. */
  const accepted = async (request: FastifyRequest, reply: FastifyReply, id: string) =>
    reply.status(202).send(await detail(request, id))

  serve(app, endpoints.list, async (request) => listClusters(ctx.db, callerOf(request), request.query))
  serve(app, endpoints.get, async (request) => detail(request, request.params.id))
  serve(app, endpoints.events, async (request) =>
    listEvents(ctx.db, callerOf(request), request.params.id, request.query),
  )
  serve(app, endpoints.operations, async (request) =>
    listOperations(ctx.db, callerOf(request), request.params.id),
  )

  serve(app, endpoints.kubeconfig, async (request, reply) => {
    const kubeconfig = await downloadKubeconfig(
      ctx,
      callerOf(request),
      request.params.id,
      request.body.lifetime,
    )
    return sendKubeconfig(reply, `${kubeconfig.name}-kubeconfig.yaml`, kubeconfig.text)
  })
  serve(app, endpoints.mergedKubeconfig, async (request, reply) => {
    const text = await mergedKubeconfig(
      ctx,
      callerOf(request),
      request.body.clusterIds,
      request.body.lifetime,
    )
    return sendKubeconfig(reply, 'clusterdeck-kubeconfig.yaml', text)
  })
  serve(app, endpoints.execCredential, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return issueExecCredential(ctx, callerOf(request), request.params.id)
  })
  serve(app, endpoints.rotateCredentials, async (request) => {
    await rotateCredentials(ctx, callerOf(request), request.params.id)
    return detail(request, request.params.id)
  })
  serve(app, endpoints.manifests, async (request, reply) => {
    const cluster = await findCluster(ctx.db, callerOf(request), request.params.id)
    const driver = await getDriver(ctx, cluster.driver as DriverName)
    const manifests = driver.manifests(await driverClusterOf(ctx.db, cluster))
    return reply
      .type('application/yaml; charset=utf-8')
      .send(manifests.map((manifest) => stringify(manifest)).join('---\n'))
  })

  serve(app, endpoints.scaleNodePool, async (request, reply) => {
    await scaleNodePool(ctx, callerOf(request), request.params.id, request.params.pool, request.body)
    return accepted(request, reply, request.params.id)
  })
  serve(app, endpoints.upgrade, async (request, reply) => {
    await upgradeCluster(ctx, callerOf(request), request.params.id, request.body.version)
    return accepted(request, reply, request.params.id)
  })
  serve(app, endpoints.hibernate, async (request, reply) => {
    await hibernateCluster(ctx, callerOf(request), request.params.id, false)
    return accepted(request, reply, request.params.id)
  })
  serve(app, endpoints.wake, async (request, reply) => {
    await hibernateCluster(ctx, callerOf(request), request.params.id, true)
    return accepted(request, reply, request.params.id)
  })
  serve(app, endpoints.setMaintenance, async (request) => {
    await setMaintenanceWindow(ctx, callerOf(request), request.params.id, request.body)
    return detail(request, request.params.id)
  })
  serve(app, endpoints.retry, async (request, reply) => {
    await retryCluster(ctx, callerOf(request), request.params.id)
    return accepted(request, reply, request.params.id)
  })
  serve(app, endpoints.delete, async (request, reply) => {
    await deleteCluster(ctx, callerOf(request), request.params.id, request.body.confirmName)
    return accepted(request, reply, request.params.id)
  })

  serve(
    app,
    endpoints.tokenReview,
    async (request) => {
      const review = await reviewToken(ctx.db, request.params.id, request.body.spec.token)
      return { apiVersion: 'authentication.k8s.io/v1' as const, kind: 'TokenReview' as const, status: review }
    },
    { rateLimit: tokenReviewLimit },
  )

  serve(app, endpoints.templates, async (request) => listTemplates(ctx.db, callerOf(request)))
  serve(app, endpoints.saveTemplate, async (request, reply) => {
    reply.status(201)
    return saveTemplate(ctx.db, callerOf(request), request.body)
  })
  serve(app, endpoints.deleteTemplate, async (request, reply) => {
    await deleteTemplate(ctx.db, callerOf(request), request.params.id)
    return reply.status(204).send(null)
  })

  serve(app, endpoints.credentials, async (request) => ({
    items: await listClusterCredentials(ctx.db, callerOf(request)),
  }))
  serve(app, endpoints.revokeCredential, async (request, reply) => {
    await revokeClusterCredential(ctx, callerOf(request), request.params.id)
    return reply.status(204).send(null)
  })
}

function sendKubeconfig(reply: FastifyReply, filename: string, text: string) {
  return reply
    .type('application/yaml; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(text)
}
