import type { JobResult, JobWithMetadata } from 'pg-boss'
import type { SqlExecutor } from '#server/db/transaction.ts'
import { type JobQueue, QUEUES } from './queue.ts'

/**
 * The jobs of the provisioning engine: one per step of a cluster operation. A step that is not done
 * yet enqueues itself again for later; a finished one enqueues the next. Every job is enqueued in
 * the transaction that decided it, so a step's record and its next job commit together.
 */

/** clusterId spares the job a look-up (absent from jobs enqueued before it was added). */
export type ClusterStepJob = { operationId: string; stepId: string; clusterId?: string }
/** Which attempt of the job this is, so the last one can fail the operation instead of retrying. */
export type ClusterStepAttempt = { retryCount: number; retryLimit: number }

/**
 * How many step jobs a process runs side by side: WORKERS loops, each taking up to BATCH_SIZE jobs
 * and running them together. A full batch makes a loop fetch again at once (a backlog drains
 * without waiting for a poll). Each step holds a database connection while it runs, so six at a
 * time leave four of the pool's ten to requests; more gave no more throughput on two cores.
 */
export const CLUSTER_STEP_WORKERS = 2
export const CLUSTER_STEP_BATCH_SIZE = 3
/**
 * A step waiting for later is a deferred job, which no notification announces: workers look for
 * due ones this often. Steps take tens of seconds at real speed, so a second late is invisible.
 */
const DEFERRED_POLL_SECONDS = 1

/**
 * Enqueues a step's job in the caller's transaction. Later steps go first (the step's position is
 * its priority): clusters under way finish before new ones start, when many wait at once.
 */
export function enqueueClusterStep(
  queue: JobQueue,
  executor: SqlExecutor,
  job: ClusterStepJob,
  options: { position: number; afterSeconds?: number },
): Promise<void> {
  return enqueueStep(QUEUES.clusterStep, queue, executor, job, options)
}

/** One step of an installation's operation: the same rules as a cluster's. */
export type InstallationStepJob = { operationId: string; stepId: string; installationId: string }

export function enqueueInstallationStep(
  queue: JobQueue,
  executor: SqlExecutor,
  job: InstallationStepJob,
  options: { position: number; afterSeconds?: number },
): Promise<void> {
  return enqueueStep(QUEUES.installationStep, queue, executor, job, options)
}

async function enqueueStep(
  name: string,
  queue: JobQueue,
  executor: SqlExecutor,
  job: { stepId: string },
  options: { position: number; afterSeconds?: number },
): Promise<void> {
  await queue.boss.send(name, job, {
    db: executor,
    // One queued job per step: a second one (a crash's leftover) is dropped on insert.
    singletonKey: job.stepId,
    priority: options.position,
    ...(options.afterSeconds && options.afterSeconds > 0 ? { startAfter: options.afterSeconds } : {}),
  })
}

export function startClusterStepWorkers(
  queue: JobQueue,
  runStep: (job: ClusterStepJob, attempt: ClusterStepAttempt) => Promise<void>,
  options: { workers?: number; batchSize?: number } = {},
): Promise<void> {
  return startStepWorkers(QUEUES.clusterStep, queue, runStep, options)
}

export function startInstallationStepWorkers(
  queue: JobQueue,
  runStep: (job: InstallationStepJob, attempt: ClusterStepAttempt) => Promise<void>,
  options: { workers?: number; batchSize?: number } = {},
): Promise<void> {
  return startStepWorkers(QUEUES.installationStep, queue, runStep, options)
}

async function startStepWorkers<Job extends object>(
  name: string,
  queue: JobQueue,
  runStep: (job: Job, attempt: ClusterStepAttempt) => Promise<void>,
  options: { workers?: number; batchSize?: number },
): Promise<void> {
  await queue.boss.work(
    name,
    {
      includeMetadata: true,
      // Each job of a batch succeeds or is retried on its own.
      perJobResults: true,
      batchSize: options.batchSize ?? CLUSTER_STEP_BATCH_SIZE,
      localConcurrency: options.workers ?? CLUSTER_STEP_WORKERS,
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
