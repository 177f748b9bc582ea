import { RefreshCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'

/** Something the page needs failed to load: what, and a button to try again. */
export function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <Alert variant="destructive" role="alert">
      <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
        <span>{message}</span>
        <Button type="button" variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          {t('clusterConfig.retry')}
        </Button>
      </AlertDescription>
    </Alert>
  )
}

/** The catalog, which every page of the configuration reads, failed to load. */
export function CatalogError({ catalog }: { catalog: { error: Error; refetch: () => unknown } }) {
  const { t } = useTranslation()
  return (
    <RetryAlert
      message={t('clusterConfig.catalogError', { message: catalog.error.message })}
      onRetry={() => void catalog.refetch()}
    />
  )
}
