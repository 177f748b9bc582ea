import { RefreshCw } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'

/** Something the page needs failed: what, in the server's words, and a button to try again. */
export function RetryAlert({
  title,
  message,
  onRetry,
  retrying = false,
}: {
  title?: string
  message: string | undefined
  onRetry: () => void
  retrying?: boolean
}) {
  const { t } = useTranslation()
  return (
    <Alert variant="destructive" role="alert" data-testid="load-error">
      {title && <AlertTitle>{title}</AlertTitle>}
      <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
        <span>{message}</span>
        <Button type="button" variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
          <RefreshCw aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
          {t('common.retry')}
        </Button>
      </AlertDescription>
    </Alert>
  )
}

/** What a load error needs of the query that failed. */
export type FailedQuery = { error: Error | null; isFetching: boolean; refetch: () => unknown }

/** A failed load of a query: its title, the server's words and a retry. */
export function LoadError({ title, query }: { title: string; query: FailedQuery }) {
  return (
    <RetryAlert
      title={title}
      message={query.error?.message}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  )
}

/** Whether a failed load means "there is no such thing here" (or it belongs to someone else). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400)
}
