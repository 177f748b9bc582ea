import { Button } from '#web/components/ui/button.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { cn } from '#web/lib/cn.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useClusterEvents } from '../../api/get-cluster-events.ts'
import { statusTone } from '../../cluster-status.ts'
import { SectionCard } from './section-card.tsx'
import '#web/lib/strings/cluster-operations.ts'
import '#web/lib/strings/clusters.ts'

const DOT_COLOURS = {
  success: 'bg-success',
  progress: 'bg-primary',
  paused: 'bg-muted-foreground',
  muted: 'bg-muted-foreground',
  danger: 'bg-destructive',
} as const

/** The cluster's events, newest first, more on demand. */
export function EventsTab({ clusterId }: { clusterId: string }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const events = useClusterEvents(clusterId)
  const items = events.data?.pages.flatMap((page) => page.items) ?? []

  let content: React.ReactNode
  if (events.isPending) content = <LoadingBlock label={t('clusterOperations.events.loading')} rows={4} />
  else if (events.isError)
    content = <LoadError title={t('clusterOperations.events.loadFailed')} query={events} />
  else if (items.length === 0)
    content = <p className="text-sm text-muted-foreground">{t('clusterOperations.events.none')}</p>
  else
    content = (
      <>
        <ol className="relative grid gap-4 border-l pl-5" aria-label={t('clusterOperations.events.title')}>
          {items.map((event) => (
            <li
              key={event.id}
              className="relative grid gap-0.5"
              data-testid="cluster-event"
              data-type={event.type}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'absolute top-1.5 -left-[25px] size-2.5 rounded-full ring-4 ring-card',
                  DOT_COLOURS[event.toStatus ? statusTone(event.toStatus) : 'muted'],
                )}
              />
              <p className="text-sm font-medium">{event.message}</p>
              <p className="text-xs text-muted-foreground">
                <time dateTime={event.createdAt}>{dates.dateTime(event.createdAt)}</time>
                {event.fromStatus && event.toStatus && event.fromStatus !== event.toStatus && (
                  <>
                    {' · '}
                    {t('clusterOperations.events.transition', {
                      from: t(`clusters.status.${event.fromStatus}`),
                      to: t(`clusters.status.${event.toStatus}`),
                    })}
                  </>
                )}
              </p>
            </li>
          ))}
        </ol>
        {events.hasNextPage && (
          <div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void events.fetchNextPage()}
              disabled={events.isFetchingNextPage}
            >
              {events.isFetchingNextPage
                ? t('clusterOperations.events.loadingMore')
                : t('clusterOperations.events.loadMore')}
            </Button>
          </div>
        )}
      </>
    )
  return (
    <SectionCard title={t('clusterOperations.events.title')} testId="events">
      {content}
    </SectionCard>
  )
}
