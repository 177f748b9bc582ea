import { eq } from 'drizzle-orm'
import type { Transaction } from '#server/db/client.ts'
import {
  type Cluster,
  clusterNodes,
  clusterOperations,
  clusterSteps,
  clusters,
} from '#server/db/schema/index.ts'
import { recordEvent } from './announcements.ts'
import { storeStepResults } from './cluster-outcome.ts'
import { driverClusterOf } from './drivers.ts'
import { finishedMessage, startedMessage, stepLabel } from './lifecycle.ts'
import { createSimulatedDriver } from './simulated/driver.ts'

/**
 * Builds a cluster at once with the simulated driver, as the engine would have built it over its
 * steps' durations ending at `at`: the same steps, the same driver answers, the same records (the
 * operation, its steps and events, the nodes, the endpoint and certificate authority). Demo data
 * and tests that need a running cluster with a past use it, so such a cluster can never disagree
 * with one ordered through the portal. The cluster row exists and is marked running by the caller.
 */
export async function provisionAtOnce(
  tx: Transaction,
  cluster: Cluster,
  options: { at: Date; secretsKey: Buffer },
): Promise<void> {
  const driver = createSimulatedDriver({ speed: 1, failureRate: 0 })
  const driverCluster = await driverClusterOf(tx, cluster)
  const plan = driver.plan('create', driverCluster, {})
  const totalMs = plan.reduce((sum, step) => sum + step.estimatedSeconds * 1000, 0)
  const startedAt = new Date(options.at.getTime() - totalMs)

  const [operation] = await tx
    .insert(clusterOperations)
    .values({
      clusterId: cluster.id,
      organizationId: cluster.organizationId,
      kind: 'create',
      status: 'succeeded',
      requestedBy: cluster.createdBy,
      createdAt: startedAt,
      startedAt,
      finishedAt: options.at,
    })
    .returning()
  await recordEvent(tx, cluster, operation!.id, {
    type: 'operation_started',
    fromStatus: 'pending',
    toStatus: 'provisioning',
    message: startedMessage('create', {}),
    data: { kind: 'create' },
    at: startedAt,
  })

  let stepStart = startedAt
  let built = driverCluster
  for (const [position, planned] of plan.entries()) {
    const stepEnd = new Date(stepStart.getTime() + planned.estimatedSeconds * 1000)
    // Asked as the engine asks once the step's time has passed (by the clock the driver reads: `at`
    // may be in the future of a test): the driver answers it done.
    const askedStart = new Date(Date.now() - (planned.estimatedSeconds + 1) * 1000)
    const outcome = await driver.create(built, { name: planned.name, startedAt: askedStart, attempts: 1 })
    if (outcome.state !== 'done')
      throw new Error(
        `The step ${planned.name} of ${cluster.name} did not finish: ${JSON.stringify(outcome)}`,
      )
    const [step] = await tx
      .insert(clusterSteps)
      .values({
        operationId: operation!.id,
        clusterId: cluster.id,
        name: planned.name,
        position,
        status: 'succeeded',
        estimatedSeconds: planned.estimatedSeconds,
        attempts: 1,
        message: outcome.message ?? null,
        startedAt: stepStart,
        finishedAt: stepEnd,
      })
      .returning({ id: clusterSteps.id })
    await storeStepResults(tx, options.secretsKey, cluster.id, outcome, stepEnd)
    if (outcome.nodes)
      await tx.update(clusterNodes).set({ createdAt: stepEnd }).where(eq(clusterNodes.clusterId, cluster.id))
    if (outcome.endpoint || outcome.caCertificate)
      built = { ...built, endpoint: outcome.endpoint, caCertificate: outcome.caCertificate }
    await recordEvent(tx, cluster, operation!.id, {
      type: 'step_succeeded',
      message: outcome.message
        ? `${stepLabel(planned.name)}: ${outcome.message}`
        : `${stepLabel(planned.name)} done`,
      data: { stepId: step!.id, step: planned.name },
      at: stepEnd,
    })
    stepStart = stepEnd
  }

  await recordEvent(tx, cluster, operation!.id, {
    type: 'operation_succeeded',
    fromStatus: 'provisioning',
    toStatus: 'running',
    message: finishedMessage('create', cluster.name),
    data: { kind: 'create' },
    at: options.at,
  })
  await tx.update(clusters).set({ updatedAt: options.at }).where(eq(clusters.id, cluster.id))
}
