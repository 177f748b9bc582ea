import { OPERATION_STEPS, type OperationKind, type ProvisioningStep } from '#common/schemas/clusters.ts'
import type { PlannedStep } from '../driver.ts'

/**
 * Typical durations on a real management cluster (seconds), divided by PROVISIONING_SPEED, for
 * each step of each operation (the engine's steps, common to both drivers).
 */
const STEP_ESTIMATES: { [Kind in OperationKind]: Record<(typeof OPERATION_STEPS)[Kind][number], number> } = {
  create: { network: 90, control_plane: 240, node_pools: 180, add_ons: 60, health_check: 30 },
  scale: { scale_pools: 10, wait_for_nodes: 150 },
  hibernate: { scale_pools: 10, wait_for_nodes: 120 },
  wake: { scale_pools: 10, wait_for_nodes: 180 },
  upgrade: { upgrade_control_plane: 420, upgrade_nodes: 480 },
  delete: { drain_nodes: 120, delete_resources: 120, release_network: 60 },
}

/** A step still waiting after this long (seconds, divided by the speed) has failed. */
const STEP_LIMIT_SECONDS = 45 * 60
const MIN_STEP_LIMIT_SECONDS = 30

export type Timing = { speed: number; retryAfterSeconds: number; watchMs: number; stepLimitSeconds: number }

export function timingFor(speed: number): Timing {
  return {
    speed,
    retryAfterSeconds: clamp(5 / speed, 0.05, 5),
    // The engine calls a step inside a transaction that locks the cluster: watch only briefly.
    watchMs: clamp(1_000 / speed, 0, 1_000),
    stepLimitSeconds: Math.max(MIN_STEP_LIMIT_SECONDS, STEP_LIMIT_SECONDS / speed),
  }
}

/** The steps of an operation of this kind, with their durations at this speed. */
export function plannedSteps(kind: OperationKind, timing: Timing): PlannedStep[] {
  const estimates: Partial<Record<ProvisioningStep, number>> = STEP_ESTIMATES[kind]
  return OPERATION_STEPS[kind].map((name) => ({
    name,
    estimatedSeconds: Math.max(1, Math.round((estimates[name] ?? 60) / timing.speed)),
  }))
}

function clamp(value: number, minimum: number, maximum: number): number {
  return Math.min(maximum, Math.max(minimum, value))
}
