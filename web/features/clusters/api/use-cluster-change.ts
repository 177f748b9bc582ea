import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { ClusterDetail } from '#common/schemas/clusters.ts'
import { toast } from '#web/lib/toast-store.ts'
import { clusterKeys, invalidateClusterData } from './cluster-keys.ts'

/**
 * A change to one cluster (scale, upgrade, hibernate, delete…): the cluster the server answers
 * with replaces the cached one at once (its new operation shows without waiting), every cluster
 * query refreshes, and the outcome is toasted — a refusal (409 while another change runs) with
 * the server's own message.
 */
export function useClusterChange<Variables>(
  clusterId: string,
  request: (variables: Variables) => Promise<unknown>,
  successMessage: string,
) {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => {
      if (isClusterDetail(answer, clusterId)) queryClient.setQueryData(clusterKeys.detail(clusterId), answer)
      toast({ title: t('clusters.toast.successTitle'), description: successMessage, variant: 'success' })
      return invalidateClusterData(queryClient)
    },
    onError: (error) =>
      toast({
        title: t('clusters.toast.errorTitle'),
        description: error.message || t('clusters.toast.errorFallback'),
        variant: 'destructive',
      }),
  })
}

function isClusterDetail(value: unknown, clusterId: string): value is ClusterDetail {
  return typeof value === 'object' && value !== null && (value as { id?: unknown }).id === clusterId
}
