import { z } from 'zod'
import { clusterConfigurationSchema } from '#common/schemas/clusters.ts'
import { queryPath } from '#web/lib/api-client.ts'

/** Only what "duplicate this cluster" reads of GET /api/clusters/:id. */
const duplicatedClusterSchema = z.object({ name: z.string(), configuration: clusterConfigurationSchema })
export type DuplicatedCluster = z.infer<typeof duplicatedClusterSchema>

/** GET /api/clusters/:id, for its configuration. */
export async function getClusterToDuplicate(
  clusterId: string,
  signal?: AbortSignal,
): Promise<DuplicatedCluster> {
  const path = `/api/clusters/${encodeURIComponent(clusterId)}`
  return duplicatedClusterSchema.parse(await queryPath<unknown>(path, 'throw', signal))
}
