import type { JobResult, JobWithMetadata } from 'pg-boss'
import type { UnitOfWork } from '#server/db/transaction.ts'
import { type JobQueue, QUEUES } from './queue.ts'

/**
 * The jobs of the provisioning engine: one per step of an operation (of a cluster or of an
 * installation, each on its own queue). A step that is not done yet enqueues itself again for
 * later; a finished one enqueues the next. Every job is enqueued in the transaction that decided
 * it, so a step's record and its next job commit together.
 */

/** The queues step jobs run on: one per kind of subject the engine changes. */
export const STEP_QUEUES = { cluster: QUEUES.clusterStep, installation: QUEUES.installationStep } as const
export type StepQueue = (typeof STEP_QUEUES)[keyof typeof STEP_QUEUES]

/**
 * One step's job: the operation, the step, and the subject (a cluster's jobs enqueued before they
 * carried its id name only the step, which leads to it).
 */
export type StepJob = { operationId: string; stepId: string; clusterId?: string; installationId?: string }
/** Which attempt of the job this is, so the last one can fail the operation instead of retrying. */
export type StepAttempt = { retryCount: number; retryLimit: number }

/**
 * How many step jobs a process runs side by side: WORKERS loops, each taking up to BATCH_SIZE jobs
 * and running them together. A full batch makes a loop fetch again at once (a backlog drains
 * without waiting for a poll). Each step holds a database connection while it runs, so six at a
 * time leave four of the pool's ten to requests; more gave no more throughput on two cores.
 */
export const STEP_WORKERS = 2
export const STEP_BATCH_SIZE = 3
/**
 * A step waiting for later is a deferred job, which no notification announces: workers look for
 * due ones this often. Steps take tens of seconds at real speed, so a second late is invisible.
 */
const DEFERRED_POLL_SECONDS = 1

/**
 * Enqueues a step's job in the caller's transaction. Later steps go first (the step's position is
 * its priority): subjects under way finish before new ones start, when many wait at once.
 */
export async function enqueueStep(
  uow: UnitOfWork,
  step: { queue: StepQueue; job: { stepId: string }; position: number; afterSeconds?: number },
): Promise<void> {
  await uow.enqueue(step.queue, step.job, {
    // One queued job per step: a second one (a crash's leftover) is dropped on insert.
    singletonKey: step.job.stepId,
    priority: step.position,
    ...(step.afterSeconds && step.afterSeconds > 0 ? { startAfter: step.afterSeconds } : {}),
  })
}

/** Registers the workers of one step queue (every process whose role is not `web`). */
export async function startStepWorkers<Job extends object>(
  queue: JobQueue,
  name: StepQueue,
  runStep: (job: Job, attempt: StepAttempt) => Promise<void>,
  options: { workers?: number; batchSize?: number } = {},
): Promise<void> {
  await queue.boss.work(
    name,
    {
      includeMetadata: true,
      // Each job of a batch succeeds or is retried on its own.
      perJobResults: true,
      batchSize: options.batchSize ?? STEP_BATCH_SIZE,
      localConcurrency: options.workers ?? STEP_WORKERS,
      burstWhenBatchFull: true,
      pollingIntervalSeconds: DEFERRED_POLL_SECONDS,
      notifyPollingIntervalSeconds: DEFERRED_POLL_SECONDS,
    },
    (jobs: JobWithMetadata<Job>[]) =>
      Promise.all(
        jobs.map(async (job): Promise<JobResult> => {
          try {
            await runStep(job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit })
            return { id: job.id, status: 'completed' }
          } catch (error) {
            return { id: job.id, status: 'failed', output: { message: (error as Error).message } }
          }
        }),
      ),
  )
}
