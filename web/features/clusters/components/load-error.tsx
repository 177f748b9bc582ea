import { RefreshCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ApiError } from '#web/lib/api-client.ts'

/** Whether a failed load means "there is no such thing here" (or it belongs to someone else). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400)
}

/** What a load error needs of the query that failed. */
export type FailedQuery = { error: Error | null; isFetching: boolean; refetch: () => unknown }

/** A failed load: what went wrong, in the server's words, and a way to try again. */
export function LoadError({ title, query }: { title: string; query: FailedQuery }) {
  const { t } = useTranslation()
  const retrying = query.isFetching
  return (
    <Alert variant="destructive" role="alert" data-testid="load-error">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
        <span>{query.error?.message}</span>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={retrying}>
          <RefreshCw aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
          {t('clusters.retryLoad')}
        </Button>
      </AlertDescription>
    </Alert>
  )
}
