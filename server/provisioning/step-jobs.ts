import type { ServerContext } from '#server/context.ts'
import { inTransaction, type UnitOfWork } from '#server/db/transaction.ts'
import type { StepAttempt } from '#server/jobs/provisioning.ts'

/**
 * What every step job of the engine does the same way, for clusters and installations alike:
 * one transaction per run, a last failed retry that fails the operation instead of leaving it
 * "in progress" for ever, and short waits taken inline rather than as another job.
 */

/**
 * A step that will be done within this many seconds is waited for inside its transaction rather
 * than recorded as waiting and re-enqueued, for at most INLINE_WAIT_BUDGET_MS per job: fast (test,
 * benchmark) speeds then cost one transaction per step and no polling round trip, while real
 * speeds hold a connection only for a step's last quarter second.
 */
const INLINE_WAIT_SECONDS = 0.25
const INLINE_WAIT_BUDGET_MS = 2_000

export type StepJobRun = { restarted: boolean; inlineWaitDeadline: number }

/**
 * Runs one step job. A thrown error (the database, a driver that could not be reached) is retried
 * by the queue; when the last retry fails too, `giveUp` fails the operation with the reason. A
 * driver's own `failed` answer is final at once (the step's `advance` records it).
 */
export async function runStepJob(
  ctx: ServerContext,
  attempt: StepAttempt,
  advance: (uow: UnitOfWork, run: StepJobRun) => Promise<void>,
  giveUp: (uow: UnitOfWork, reason: string) => Promise<void>,
): Promise<void> {
  const inlineWaitDeadline = Date.now() + INLINE_WAIT_BUDGET_MS
  try {
    await inTransaction(ctx, (uow) => advance(uow, { restarted: attempt.retryCount > 0, inlineWaitDeadline }))
  } catch (error) {
    if (attempt.retryCount < attempt.retryLimit) throw error
    const reason = `The step kept failing and was given up after ${attempt.retryLimit + 1} attempts: ${(error as Error).message}`
    await inTransaction(ctx, (uow) => giveUp(uow, reason))
    throw error
  }
}

/** Asks the driver, and again after a short wait while the step is about to be done. */
export async function askDriver<Outcome extends { state: string; retryAfterSeconds?: number }>(
  call: () => Promise<Outcome>,
  run: StepJobRun,
): Promise<Outcome> {
  let outcome = await call()
  while (outcome.state === 'waiting') {
    const waitMs = Math.max(0, outcome.retryAfterSeconds ?? 0) * 1000
    if (waitMs > INLINE_WAIT_SECONDS * 1000 || Date.now() + waitMs > run.inlineWaitDeadline) break
    await new Promise((resolve) => setTimeout(resolve, waitMs))
    outcome = await call()
  }
  return outcome
}
