import { useMutation } from '@tanstack/react-query'
import type { KubeconfigLifetime } from '#common/schemas/clusters.ts'
import { clusterPath } from './cluster-keys.ts'
import { saveTextFile } from './save-text-file.ts'
import { requestText } from './text-request.ts'

export const kubeconfigFileName = (clusterName: string) => `${clusterName}-kubeconfig.yaml`

/** POST /api/clusters/{id}/kubeconfig: a new personal credential living `lifetime`, as YAML. */
export function fetchKubeconfig(clusterId: string, lifetime: KubeconfigLifetime): Promise<string> {
  return requestText('POST', `${clusterPath(clusterId)}/kubeconfig`, { lifetime })
}

/** Fetches the cluster's kubeconfig and hands it to the browser as a download. */
export function useDownloadKubeconfig(clusterId: string, clusterName: string) {
  return useMutation({
    mutationFn: (lifetime: KubeconfigLifetime) => fetchKubeconfig(clusterId, lifetime),
    onSuccess: (yaml) => saveTextFile(yaml, kubeconfigFileName(clusterName)),
  })
}
