import { useQueryClient } from '@tanstack/react-query'
import type { CallInput } from '#common/contract/client.ts'
import type { Endpoint } from '#common/contract/endpoint.ts'
import type { ClusterDetail } from '#common/schemas/clusters.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { clusterKeys } from './cluster-keys.ts'
import '#web/lib/strings/clusters.ts'

/**
 * A change to one cluster (scale, upgrade, hibernate, delete…): the cluster the server answers
 * with replaces the cached one at once (its new operation shows without waiting), every query
 * reading what the endpoint changes refreshes, and the outcome is toasted — a refusal (409 while
 * another change runs) with the server's own message.
 */
export function useClusterChange<E extends Endpoint, Variables = void>(
  clusterId: string,
  endpoint: E,
  input: (variables: Variables) => CallInput<E>,
  successMessage: string,
) {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useApiMutation(endpoint, {
    input,
    onSuccess: (answer: unknown) => {
      if (isClusterDetail(answer, clusterId)) queryClient.setQueryData(clusterKeys.detail(clusterId), answer)
      toast({ title: t('clusters.toast.successTitle'), description: successMessage, variant: 'success' })
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
