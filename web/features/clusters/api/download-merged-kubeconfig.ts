import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from '#web/lib/toast-store.ts'
import { CLUSTERS_PATH } from './cluster-keys.ts'
import { requestText } from './text-request.ts'

export const MERGED_KUBECONFIG_FILE = 'clusterdeck-kubeconfig.yaml'

/** POST /api/clusters/kubeconfig: one kubeconfig with a context per selected cluster. */
export function fetchMergedKubeconfig(clusterIds: string[]): Promise<string> {
  return requestText('POST', `${CLUSTERS_PATH}/kubeconfig`, { clusterIds })
}

/** Fetches the merged file and hands it to the browser as a download. */
export function useDownloadMergedKubeconfig() {
  const { t } = useTranslation()
  return useMutation({
    mutationFn: fetchMergedKubeconfig,
    onSuccess: (yaml) => saveTextFile(yaml, MERGED_KUBECONFIG_FILE),
    onError: (error) =>
      toast({
        title: t('clusters.toast.errorTitle'),
        description: error.message || t('clusters.toast.errorFallback'),
        variant: 'destructive',
      }),
  })
}

function saveTextFile(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/yaml' }))
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = fileName
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
  // The download has started from the URL; give the browser a moment before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 1_000)
}
