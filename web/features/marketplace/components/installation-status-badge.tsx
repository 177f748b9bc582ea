import type { InstallationStatus } from '#common/schemas/installations.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { cn } from '#web/lib/cn.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/installations.ts'

const MOVING: InstallationStatus[] = ['pending', 'installing', 'upgrading', 'reconfiguring', 'uninstalling']

/** An installation's status as a badge; statuses on the move carry a pulsing dot. */
export function InstallationStatusBadge({ status }: { status: InstallationStatus }) {
  const { t } = useTranslation()
  const moving = MOVING.includes(status)
  return (
    <Badge
      variant={status === 'installed' ? 'success' : status === 'failed' ? 'destructive' : 'outline'}
      className={cn(
        'gap-1.5',
        moving && 'border-primary/40 bg-primary/10 text-primary',
        status === 'uninstalled' && 'text-muted-foreground',
      )}
      data-testid="installation-status"
      data-status={status}
    >
      {moving && <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-current" />}
      {t(`installations.status.${status}`)}
    </Badge>
  )
}
