import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import type { ClusterType } from '#common/schemas/catalog.ts'
import { CLUSTER_TYPE_COPY_FR } from '#web/site/cluster-type-copy-fr.ts'

/** A cluster type's tagline, features and use cases in the page's language. */
export function useClusterTypeCopy() {
  const { i18n } = useTranslation()
  const french = i18n.language === 'fr'
  return useCallback(
    (type: ClusterType) => {
      const copy = french ? CLUSTER_TYPE_COPY_FR[type.id as keyof typeof CLUSTER_TYPE_COPY_FR] : undefined
      return {
        tagline: copy?.tagline ?? type.tagline,
        includedFeatures: copy?.includedFeatures ?? type.includedFeatures,
        useCases: copy?.useCases ?? type.useCases,
      }
    },
    [french],
  )
}
