import { RefreshCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ApiError } from '#web/lib/api-client.ts'

/** Whether a failed load means "there is no such thing here" (or it belongs to someone else). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400)
}

/** A failed load: what went wrong, in the server's words, and a way to try again. */
export function LoadError({
  title,
  error,
  onRetry,
  retrying,
}: {
  title: string
  error: Error
  onRetry: () => void
  retrying?: boolean
}) {
  const { t } = useTranslation()
  return (
    <Alert variant="destructive" role="alert" data-testid="load-error">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
        <span>{error.message}</span>
        <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
          <RefreshCw aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
          {t('clusters.retryLoad')}
        </Button>
      </AlertDescription>
    </Alert>
  )
}
