import { useMutation } from '@tanstack/react-query'
import { clusters } from '#common/contract/clusters.ts'
import type { KubeconfigLifetime } from '#common/schemas/clusters.ts'
import { callApiText } from '#web/lib/api/call.ts'
import { changesOf } from '#web/lib/api/queries.ts'
import { saveTextFile } from './save-text-file.ts'

export const kubeconfigFileName = (clusterName: string) => `${clusterName}-kubeconfig.yaml`

/** A new personal credential living `lifetime`, as a kubeconfig (YAML). */
export function fetchKubeconfig(clusterId: string, lifetime: KubeconfigLifetime): Promise<string> {
  return callApiText(clusters.kubeconfig, { params: { id: clusterId }, body: { lifetime } })
}

/** Fetches the cluster's kubeconfig and hands it to the browser as a download. */
export function useDownloadKubeconfig(clusterId: string, clusterName: string) {
  return useMutation({
    mutationFn: (lifetime: KubeconfigLifetime) => fetchKubeconfig(clusterId, lifetime),
    meta: changesOf(clusters.kubeconfig),
    onSuccess: (yaml) => saveTextFile(yaml, kubeconfigFileName(clusterName)),
  })
}
