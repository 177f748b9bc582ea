import { clusters } from '#common/contract/clusters.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useClusterChange } from './use-cluster-change.ts'
import '#web/lib/strings/clusters.ts'

/** Upgrades to the next minor version only (an upgrade operation). */
export function useUpgradeCluster(clusterId: string) {
  const { t } = useTranslation()
  return useClusterChange(
    clusterId,
    clusters.upgrade,
    (version: string) => ({ params: { id: clusterId }, body: { version } }),
    t('clusters.toast.upgrading'),
  )
}
