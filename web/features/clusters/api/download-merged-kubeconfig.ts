import { useMutation } from '@tanstack/react-query'
import type { KubeconfigLifetime } from '#common/schemas/clusters.ts'
import { CLUSTERS_PATH } from './cluster-keys.ts'
import { saveTextFile } from './save-text-file.ts'
import { requestText } from './text-request.ts'

export const MERGED_KUBECONFIG_FILE = 'clusterdeck-kubeconfig.yaml'

type MergedRequest = { clusterIds: string[]; lifetime: KubeconfigLifetime }

/** POST /api/clusters/kubeconfig: one kubeconfig with a context (and a credential) per selected cluster. */
export function fetchMergedKubeconfig(request: MergedRequest): Promise<string> {
  return requestText('POST', `${CLUSTERS_PATH}/kubeconfig`, request)
}

/** Fetches the merged file and hands it to the browser as a download. */
export function useDownloadMergedKubeconfig() {
  return useMutation({
    mutationFn: fetchMergedKubeconfig,
    onSuccess: (yaml) => saveTextFile(yaml, MERGED_KUBECONFIG_FILE),
  })
}
