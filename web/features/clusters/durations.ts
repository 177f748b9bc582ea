import type { Operation } from '#common/schemas/clusters.ts'
import { isOperationActive } from './cluster-status.ts'

/**
 * A duration as people read it on a progress page: "45 s", "2 min 05 s", "1 h 02 min". The units
 * are the same in English and French.
 */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds))
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ${pad(seconds % 60)} s`
  return `${Math.floor(minutes / 60)} h ${pad(minutes % 60)} min`
}

function pad(value: number): string {
  return String(value).padStart(2, '0')
}

export type OperationTiming = {
  elapsedSeconds: number
  estimatedSecondsLeft: number
  progressPercent: number
}

/**
 * The operation's figures now: the server's as of the response, moved on by the time since it
 * arrived while the operation runs, so the page keeps counting between two updates. The estimate
 * left never goes below zero and the progress never above 99 % before the server says it is done.
 */
export function operationTimingAt(
  operation: Pick<Operation, 'status' | 'elapsedSeconds' | 'estimatedSecondsLeft' | 'progressPercent'>,
  receivedAt: number,
  now: number,
): OperationTiming {
  const progressPercent = clampPercent(operation.progressPercent)
  if (!isOperationActive(operation))
    return {
      elapsedSeconds: operation.elapsedSeconds,
      estimatedSecondsLeft: operation.status === 'succeeded' ? 0 : operation.estimatedSecondsLeft,
      progressPercent: operation.status === 'succeeded' ? 100 : progressPercent,
    }
  const since = Math.max(0, (now - receivedAt) / 1000)
  return {
    elapsedSeconds: operation.elapsedSeconds + since,
    estimatedSecondsLeft: Math.max(0, operation.estimatedSecondsLeft - since),
    progressPercent: Math.min(progressPercent, 99),
  }
}

function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0
  return Math.min(100, Math.max(0, Math.round(value)))
}

/** How long a step took (finished) or has taken so far (running); null before it started. */
export function stepSeconds(
  step: { startedAt: string | null; finishedAt: string | null },
  now: number,
): number | null {
  if (!step.startedAt) return null
  const end = step.finishedAt ? Date.parse(step.finishedAt) : now
  return Math.max(0, (end - Date.parse(step.startedAt)) / 1000)
}
