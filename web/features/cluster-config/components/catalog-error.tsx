import { RetryAlert } from '#web/components/ui/retry-alert.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/cluster-config.ts'

/** The catalog, which every page of the configuration reads, failed to load. */
export function CatalogError({
  catalog,
}: {
  catalog: { error: Error; isFetching: boolean; refetch: () => unknown }
}) {
  const { t } = useTranslation()
  return (
    <RetryAlert
      message={t('clusterConfig.catalogError', { message: catalog.error.message })}
      onRetry={() => void catalog.refetch()}
      retrying={catalog.isFetching}
    />
  )
}
