import type { ClusterStatus } from '#common/schemas/clusters.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { cn } from '#web/lib/cn.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { type StatusTone, statusTone } from '../cluster-status.ts'
import '#web/lib/strings/clusters.ts'

const TONE_CLASSES: Record<StatusTone, string> = {
  success: '',
  progress: 'border-primary/40 bg-primary/10 text-primary',
  paused: '',
  muted: 'text-muted-foreground',
  danger: '',
}

const TONE_VARIANTS = {
  success: 'success',
  progress: 'outline',
  paused: 'secondary',
  muted: 'outline',
  danger: 'destructive',
} as const

/** A cluster's status as a coloured badge; statuses on the move carry a pulsing dot. */
export function ClusterStatusBadge({ status, className }: { status: ClusterStatus; className?: string }) {
  const { t } = useTranslation()
  const tone = statusTone(status)
  return (
    <Badge
      variant={TONE_VARIANTS[tone]}
      className={cn('gap-1.5', TONE_CLASSES[tone], className)}
      data-testid="cluster-status"
      data-status={status}
    >
      {tone === 'progress' && (
        <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-current" />
      )}
      {t(`clusters.status.${status}`)}
    </Badge>
  )
}
