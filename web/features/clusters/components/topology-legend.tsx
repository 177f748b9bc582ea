import { cn } from '#web/lib/cn.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { TOPOLOGY_STATES, type TopologyState } from '../topology.ts'
import '#web/lib/strings/cluster-operations.ts'

/** The colours of the live states, shared by the graph and its legend. */
export const STATE_STYLES: Record<TopologyState, { border: string; tint: string; dot: string }> = {
  healthy: { border: 'border-success/70', tint: 'bg-success/15 text-success', dot: 'bg-success' },
  changing: {
    border: 'border-primary/70',
    tint: 'bg-primary/15 text-primary',
    dot: 'bg-primary animate-pulse',
  },
  warning: { border: 'border-warning/80', tint: 'bg-warning/15 text-warning', dot: 'bg-warning' },
  failed: {
    border: 'border-destructive/80',
    tint: 'bg-destructive/15 text-destructive',
    dot: 'bg-destructive',
  },
  stopped: { border: 'border-border', tint: 'bg-muted text-muted-foreground', dot: 'bg-muted-foreground' },
}

export function TopologyLegend() {
  const { t } = useTranslation()
  return (
    <ul
      aria-label={t('clusterOperations.topology.legend')}
      className="flex flex-wrap gap-x-4 gap-y-2 text-sm"
      data-testid="topology-legend"
    >
      {TOPOLOGY_STATES.map((state) => (
        <li key={state} className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className={cn('size-3 rounded-full', STATE_STYLES[state].dot.replace(' animate-pulse', ''))}
          />
          {t(`clusterOperations.topology.states.${state}`)}
        </li>
      ))}
    </ul>
  )
}
