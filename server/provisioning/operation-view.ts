import type { Operation } from '#common/schemas/clusters.ts'
import type { ClusterOperation, ClusterStep } from '#server/db/schema/clusters.ts'

/**
 * A running step counts for its elapsed share of its estimate, but never all of it: a step that
 * overruns its estimate holds the bar just short of its end instead of pushing past it.
 */
export const RUNNING_STEP_SHARE_CAP = 0.95

/** An operation as the API returns it, with its progress worked out at `now`. */
export function operationView(
  operation: ClusterOperation,
  steps: ClusterStep[],
  now: Date = new Date(),
): Operation {
  const ordered = [...steps].sort((a, b) => a.position - b.position)
  const finished = operation.status === 'succeeded' || operation.status === 'failed'

  const totalSeconds = ordered.reduce((sum, step) => sum + step.estimatedSeconds, 0)
  let doneSeconds = 0
  let leftSeconds = 0
  for (const step of ordered) {
    if (step.status === 'succeeded') {
      doneSeconds += step.estimatedSeconds
    } else if (step.status === 'running' && step.startedAt) {
      const ranSeconds = Math.max(0, secondsBetween(step.startedAt, now))
      const share = Math.min(ranSeconds, step.estimatedSeconds * RUNNING_STEP_SHARE_CAP)
      doneSeconds += share
      leftSeconds += step.estimatedSeconds - share
    } else {
      leftSeconds += step.estimatedSeconds
    }
  }

  const progressPercent =
    operation.status === 'succeeded'
      ? 100
      : totalSeconds === 0
        ? 0
        : Math.min(99, Math.floor((doneSeconds / totalSeconds) * 100))
  const startedAt = operation.startedAt ?? operation.createdAt
  const endedAt = operation.finishedAt ?? now

  return {
    id: operation.id,
    kind: operation.kind,
    status: operation.status,
    progressPercent,
    elapsedSeconds: Math.max(0, Math.round(secondsBetween(startedAt, endedAt))),
    estimatedSecondsLeft: finished ? 0 : Math.ceil(leftSeconds),
    error: operation.error,
    steps: ordered.map((step) => ({
      id: step.id,
      name: step.name,
      status: step.status,
      estimatedSeconds: step.estimatedSeconds,
      startedAt: step.startedAt?.toISOString() ?? null,
      finishedAt: step.finishedAt?.toISOString() ?? null,
      message: step.message,
    })),
    createdAt: operation.createdAt.toISOString(),
    finishedAt: operation.finishedAt?.toISOString() ?? null,
  }
}

function secondsBetween(from: Date, to: Date): number {
  return (to.getTime() - from.getTime()) / 1000
}
