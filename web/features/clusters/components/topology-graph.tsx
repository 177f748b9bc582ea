import '@xyflow/react/dist/style.css'
import {
  Background,
  type ColorMode,
  Controls,
  type Edge,
  Handle,
  type Node,
  type NodeProps,
  Position,
  ReactFlow,
} from '@xyflow/react'
import { Box, Boxes, Cpu, Puzzle, Server } from 'lucide-react'
import { memo, useMemo } from 'react'
import { cn } from '#web/lib/cn.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { TOPOLOGY_NODE_WIDTH, type Topology, type TopologyItem, type TopologyKind } from '../topology.ts'
import { STATE_STYLES } from './topology-legend.tsx'
import '#web/lib/strings/cluster-operations.ts'

type ItemNode = Node<{ item: TopologyItem }, 'item'>

const KIND_ICONS: Record<TopologyKind, typeof Server> = {
  controlPlane: Cpu,
  pool: Boxes,
  node: Server,
  addOn: Puzzle,
}

/**
 * The interactive graph (React Flow, loaded only by the topology screens): pan, zoom and fit
 * controls, nodes reachable with Tab and selected with Enter or a click, which opens the details.
 */
export default function TopologyGraph({
  topology,
  colorMode,
  selectedId,
  onSelect,
}: {
  topology: Topology
  colorMode: ColorMode
  selectedId: string | null
  onSelect: (id: string | null) => void
}) {
  const { t } = useTranslation()
  const nodes = useMemo<ItemNode[]>(
    () =>
      topology.items.map((item) => ({
        id: item.id,
        type: 'item',
        position: item.position,
        data: { item },
        selected: item.id === selectedId,
        draggable: false,
        connectable: false,
        deletable: false,
        // Enter or a click opens the details: announce the element as something to press.
        ariaRole: 'button',
        ariaLabel: t('clusterOperations.topology.nodeLabel', {
          kind: t(`clusterOperations.topology.kinds.${item.kind}`),
          name: item.label,
          state: t(`clusterOperations.topology.states.${item.state}`),
        }),
      })),
    [topology, selectedId, t],
  )
  const edges = useMemo<Edge[]>(
    () =>
      topology.links.map((link) => ({
        id: link.id,
        source: link.source,
        target: link.target,
        sourceHandle: link.side ? SIDE_HANDLE : undefined,
        type: 'smoothstep',
        selectable: false,
        focusable: false,
      })),
    [topology],
  )
  const ariaLabelConfig = useMemo(
    () => ({
      'controls.ariaLabel': t('clusterOperations.topology.controls'),
      'controls.zoomIn.ariaLabel': t('clusterOperations.topology.zoomIn'),
      'controls.zoomOut.ariaLabel': t('clusterOperations.topology.zoomOut'),
      'controls.fitView.ariaLabel': t('clusterOperations.topology.fitView'),
      'node.a11yDescription.default': t('clusterOperations.topology.keyboardHint'),
      'node.a11yDescription.keyboardDisabled': t('clusterOperations.topology.keyboardHint'),
    }),
    [t],
  )

  return (
    <ReactFlow<ItemNode, Edge>
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      colorMode={colorMode}
      fitView
      fitViewOptions={{ padding: 0.15 }}
      minZoom={0.2}
      maxZoom={2}
      nodesDraggable={false}
      nodesConnectable={false}
      edgesFocusable={false}
      elementsSelectable
      nodesFocusable
      deleteKeyCode={null}
      selectionKeyCode={null}
      multiSelectionKeyCode={null}
      onNodeClick={(_, node) => onSelect(node.id)}
      onPaneClick={() => onSelect(null)}
      onNodesChange={(changes) => {
        // The graph is controlled: Enter (select) and Escape (unselect) on a focused node arrive here.
        const selections = changes.filter((change) => change.type === 'select')
        const picked = selections.find((change) => change.selected)
        if (picked) onSelect(picked.id)
        else if (selections.some((change) => change.id === selectedId)) onSelect(null)
      }}
      ariaLabelConfig={ariaLabelConfig}
      proOptions={{ hideAttribution: true }}
    >
      <Background gap={24} />
      <Controls showInteractive={false} position="bottom-right" />
    </ReactFlow>
  )
}

const ItemCard = memo(function ItemCard({ data, selected }: NodeProps<ItemNode>) {
  const { t } = useTranslation()
  const { item } = data
  const Icon = item.kind === 'node' && item.state === 'stopped' ? Box : KIND_ICONS[item.kind]
  const style = STATE_STYLES[item.state]
  return (
    <div
      className={cn(
        'flex items-center gap-2.5 rounded-lg border-2 bg-card px-3 py-2 text-card-foreground shadow-sm',
        style.border,
        selected && 'ring-3 ring-ring/50',
        item.kind === 'controlPlane' && 'py-3',
      )}
      style={{ width: TOPOLOGY_NODE_WIDTH }}
      data-testid="topology-node"
      data-kind={item.kind}
      data-state={item.state}
      data-id={item.id}
    >
      <Handle
        type="target"
        position={item.kind === 'addOn' ? Position.Left : Position.Top}
        isConnectable={false}
        className="opacity-0"
      />
      <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-md', style.tint)}>
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <span className="grid min-w-0 gap-0.5">
        <span className="truncate text-[13px] leading-tight font-semibold" title={item.label}>
          {item.label}
        </span>
        <span className="truncate text-[11px] text-muted-foreground">
          {t(`clusterOperations.topology.kinds.${item.kind}`)} · {item.detail}
        </span>
      </span>
      <span aria-hidden="true" className={cn('ml-auto size-2.5 shrink-0 rounded-full', style.dot)} />
      <Handle type="source" position={Position.Bottom} isConnectable={false} className="opacity-0" />
      {item.kind === 'controlPlane' && (
        <Handle
          id={SIDE_HANDLE}
          type="source"
          position={Position.Right}
          isConnectable={false}
          className="opacity-0"
        />
      )}
    </div>
  )
})

const NODE_TYPES = { item: ItemCard }
const SIDE_HANDLE = 'side'
