import { useMutation } from '@tanstack/react-query'
import { clusters } from '#common/contract/clusters.ts'
import type { KubeconfigLifetime } from '#common/schemas/clusters.ts'
import { callApiText } from '#web/lib/api/call.ts'
import { changesOf } from '#web/lib/api/queries.ts'
import { saveTextFile } from './save-text-file.ts'

export const MERGED_KUBECONFIG_FILE = 'clusterdeck-kubeconfig.yaml'

type MergedRequest = { clusterIds: string[]; lifetime: KubeconfigLifetime }

/** One kubeconfig with a context (and a credential) per selected cluster. */
export function fetchMergedKubeconfig(request: MergedRequest): Promise<string> {
  return callApiText(clusters.mergedKubeconfig, { body: request })
}

/** Fetches the merged file and hands it to the browser as a download. */
export function useDownloadMergedKubeconfig() {
  return useMutation({
    mutationFn: fetchMergedKubeconfig,
    meta: changesOf(clusters.mergedKubeconfig),
    onSuccess: (yaml) => saveTextFile(yaml, MERGED_KUBECONFIG_FILE),
  })
}
