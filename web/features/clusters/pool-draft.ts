import { MAX_NODES_PER_POOL } from '#common/schemas/clusters.ts'
import type { NodePoolChange } from './api/scale-node-pool.ts'

/** What the scale dialog holds while a person types (inputs give text). */
export type PoolDraft = { nodeCount: string; autoscaling: boolean; min: string; max: string }

export type PoolDraftIssue = 'whole' | 'range' | 'minAboveMax' | 'outsideAutoscaling' | 'maxAtLeastOne'

/**
 * The dialog's checks, the server's rules (scaleNodePoolSchema and the pool's autoscaling rule):
 * whole numbers from 0 to 100, min not above max, and the count inside min–max when autoscaling.
 * `change` is the request body when there is no issue.
 */
export function poolDraftIssues(draft: PoolDraft): {
  errors: Partial<Record<'nodeCount' | 'min' | 'max', PoolDraftIssue>>
  change: NodePoolChange | null
} {
  const errors: Partial<Record<'nodeCount' | 'min' | 'max', PoolDraftIssue>> = {}
  const nodeCount = wholeNumber(draft.nodeCount)
  const min = wholeNumber(draft.min)
  const max = wholeNumber(draft.max)
  if (nodeCount === null) errors.nodeCount = 'whole'
  else if (nodeCount > MAX_NODES_PER_POOL) errors.nodeCount = 'range'
  if (draft.autoscaling) {
    if (min === null) errors.min = 'whole'
    else if (min > MAX_NODES_PER_POOL) errors.min = 'range'
    if (max === null) errors.max = 'whole'
    else if (max > MAX_NODES_PER_POOL) errors.max = 'range'
    else if (max < 1) errors.max = 'maxAtLeastOne'
    if (!errors.min && !errors.max && min !== null && max !== null && min > max) errors.min = 'minAboveMax'
    if (!errors.nodeCount && !errors.min && !errors.max && nodeCount !== null && min !== null && max !== null)
      if (nodeCount < min || nodeCount > max) errors.nodeCount = 'outsideAutoscaling'
  }
  if (Object.keys(errors).length > 0 || nodeCount === null) return { errors, change: null }
  return {
    errors,
    change: {
      nodeCount,
      autoscaling: {
        enabled: draft.autoscaling,
        // The server keeps min/max even when autoscaling is off; keep sensible values.
        min: min ?? Math.min(nodeCount, 1),
        max: Math.max(max ?? nodeCount, 1),
      },
    },
  }
}

function wholeNumber(text: string): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null
  return Number(text.trim())
}
