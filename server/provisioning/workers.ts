import type { ServerContext } from '#server/context.ts'
import { clusterAdapter } from './cluster-subject.ts'
import { installationAdapter } from './installation-subject.ts'
import { startSubjectWorkers } from './operation-engine.ts'

/** Registers the step workers of clusters and installations (every process whose role is not `web`). */
export async function startProvisioningWorkers(
  ctx: ServerContext,
  options: { workers?: number; batchSize?: number } = {},
): Promise<void> {
  await startSubjectWorkers(clusterAdapter, ctx, options)
  await startSubjectWorkers(installationAdapter, ctx)
}
