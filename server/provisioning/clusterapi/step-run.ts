import type { StepOutcome, StepRun } from '../driver.ts'
import {
  KubeconfigUnavailable,
  KubernetesRefusal,
  type ManagementCluster,
  OwnershipConflict,
} from './management-cluster.ts'
import type { Observation } from './observations.ts'
import { RenderError } from './render.ts'
import type { Timing } from './timing.ts'

type Waiting = { state: 'waiting'; retryAfterSeconds: number; message?: string }
type Failed = { state: 'failed'; reason: string }
/** What a step of a cluster (or of an installation) may answer. */
type Outcome = StepOutcome | { state: 'done' } | Waiting | Failed

/** A step's start: applies its objects, then says how to look at them. */
export type StepStart<O extends Outcome = StepOutcome> = () => Promise<
  () => Promise<Omit<Observation, 'outcome'> & { outcome: O }>
>

/**
 * Applies the step's objects, then looks until the step is done, has failed, or the watch
 * window closes (`waiting`). An API refusal fails the step; an unreachable API only waits.
 */
export async function runStep<O extends Outcome>(
  management: ManagementCluster,
  timing: Timing,
  step: Pick<StepRun, 'startedAt'> & { name: string },
  start: StepStart<O>,
): Promise<O | Waiting | Failed> {
  const deadline = Date.now() + timing.watchMs
  try {
    const observe = await start()
    for (;;) {
      const observation = await observe()
      const outcome = withinLimit(timing, step, observation.outcome)
      if (outcome.state !== 'waiting' || !observation.watch || Date.now() >= deadline) return outcome
      await management.waitForChange(observation.watch, observation.resourceVersion, deadline - Date.now())
    }
  } catch (error) {
    return withinLimit(timing, step, outcomeOfError(timing, error))
  }
}

export function unknownStep(step: { name: string }): () => Promise<Observation> {
  return async () => ({
    outcome: { state: 'failed', reason: `The clusterapi driver has no step "${step.name}"` },
  })
}

function withinLimit<O extends Outcome>(
  timing: Timing,
  step: Pick<StepRun, 'startedAt'>,
  outcome: O | Waiting | Failed,
): O | Waiting | Failed {
  if (outcome.state !== 'waiting') return outcome
  const message = 'message' in outcome ? outcome.message : undefined
  const elapsedSeconds = (Date.now() - step.startedAt.getTime()) / 1000
  if (elapsedSeconds <= timing.stepLimitSeconds) return outcome
  const minutes = Math.round(timing.stepLimitSeconds / 60)
  const limit = minutes >= 1 ? `${minutes} min` : `${Math.round(timing.stepLimitSeconds)} s`
  return { state: 'failed', reason: `Not done after ${limit}: ${message ?? 'no progress'}` }
}

function outcomeOfError(timing: Timing, error: unknown): Waiting | Failed {
  if (
    error instanceof KubernetesRefusal ||
    error instanceof OwnershipConflict ||
    error instanceof KubeconfigUnavailable ||
    error instanceof RenderError
  )
    return { state: 'failed', reason: error.message }
  const message = error instanceof Error ? error.message : String(error)
  return {
    state: 'waiting',
    retryAfterSeconds: timing.retryAfterSeconds,
    message: `The management cluster did not answer: ${message}`,
  }
}
