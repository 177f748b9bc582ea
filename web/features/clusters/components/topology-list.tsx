import { cn } from '#web/lib/cn.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import type { Topology, TopologyItem } from '../topology.ts'
import { STATE_STYLES } from './topology-legend.tsx'
import '#web/lib/strings/cluster-operations.ts'

/**
 * The topology as a list, for small screens where a graph's labels would be too small to read:
 * the control plane, each node pool with its nodes under it, then the add-ons. Each element opens
 * its details, as in the graph.
 */
export function TopologyList({
  topology,
  name,
  selectedId,
  onSelect,
}: {
  topology: Topology
  name: string
  selectedId: string | null
  onSelect: (id: string) => void
}) {
  const { t } = useTranslation()
  const byId = new Map(topology.items.map((item) => [item.id, item]))
  const childrenOf = (id: string) =>
    topology.links
      .filter((link) => link.source === id && !link.side)
      .flatMap((link) => byId.get(link.target) ?? [])
  const controlPlane = topology.items.find((item) => item.kind === 'controlPlane')
  const addOns = topology.items.filter((item) => item.kind === 'addOn')
  const row = (item: TopologyItem) => (
    <Row item={item} selected={item.id === selectedId} onSelect={() => onSelect(item.id)} />
  )
  return (
    <ul
      className="grid gap-1 rounded-xl border bg-card p-2 text-sm"
      aria-label={t('clusterOperations.topology.listLabel', { name })}
      data-testid="topology-list"
    >
      {controlPlane && (
        <li>
          {row(controlPlane)}
          <ul className="ml-4 grid gap-1 border-l pl-2">
            {childrenOf(controlPlane.id)
              .filter((item) => item.kind === 'pool')
              .map((pool) => (
                <li key={pool.id}>
                  {row(pool)}
                  <ul className="ml-4 grid gap-1 border-l pl-2">
                    {childrenOf(pool.id).map((node) => (
                      <li key={node.id}>{row(node)}</li>
                    ))}
                  </ul>
                </li>
              ))}
          </ul>
        </li>
      )}
      {addOns.map((addOn) => (
        <li key={addOn.id}>{row(addOn)}</li>
      ))}
    </ul>
  )
}

function Row({ item, selected, onSelect }: { item: TopologyItem; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation()
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      data-testid="topology-list-item"
      data-kind={item.kind}
      data-state={item.state}
      className={cn(
        'flex w-full min-w-0 items-center gap-3 rounded-lg border-l-4 px-3 py-2 text-left hover:bg-accent',
        STATE_STYLES[item.state].border,
        selected && 'bg-accent',
      )}
    >
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="text-xs text-muted-foreground">
          {t(`clusterOperations.topology.kinds.${item.kind}`)}
        </span>
        <span className="font-medium break-words">{item.label}</span>
        <span className="text-xs text-muted-foreground break-words">{item.detail}</span>
      </span>
      <span
        className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-medium', STATE_STYLES[item.state].tint)}
      >
        {t(`clusterOperations.topology.states.${item.state}`)}
      </span>
    </button>
  )
}
