import type { ServerContext } from '#server/context.ts'
import type { Transaction } from '#server/db/client.ts'
import type { UnitOfWork } from '#server/db/transaction.ts'
import { enqueueStep, type StepAttempt, type StepJob } from '#server/jobs/provisioning.ts'
import { stepLabel } from './lifecycle.ts'
import {
  lockSteps,
  readOperation,
  type StepRecord,
  setOperation,
  setStep,
  stepJob,
  subjectOfJob,
} from './operation-records.ts'
import { askDriver, runStepJob, type StepJobRun } from './step-jobs.ts'
import type { LockedStep, StepRunOf, SubjectAdapter, SubjectTypes } from './subject-adapter.ts'

/**
 * A step's job, for every kind of subject: locks the subject and the operation's steps, asks the
 * subject's driver how the step stands, and records the answer with the job that follows (the
 * same step later, the next step, or the end of the operation) in one transaction.
 */

/** The unit of work a step runs in, and the server it runs on. */
export type StepUnit = { uow: UnitOfWork; ctx: ServerContext }

/**
 * Runs one step job (server/provisioning/step-jobs.ts says how every step job runs); when its
 * last retry fails too, the operation fails at its step, if it is still running.
 */
export function runSubjectStep<T extends SubjectTypes>(
  adapter: SubjectAdapter<T>,
  ctx: ServerContext,
  job: StepJob,
  attempt: StepAttempt,
): Promise<void> {
  return runStepJob(
    ctx,
    attempt,
    (uow, run) => advanceStep(adapter, { uow, ctx }, job, run),
    async (uow, reason) => {
      const locked = await lockStep(adapter, uow.tx, job)
      if (locked) await failOperation(adapter, { uow, ctx }, locked, reason)
    },
  )
}

/** Enqueues a step's job of the subject in the transaction (later steps first: see jobs/provisioning.ts). */
export function enqueue<T extends SubjectTypes>(
  adapter: SubjectAdapter<T>,
  uow: UnitOfWork,
  job: StepJob,
  step: { position: number },
  afterSeconds?: number,
): Promise<void> {
  return enqueueStep(uow, {
    queue: adapter.tables.queue,
    job,
    position: step.position,
    afterSeconds,
  })
}

/**
 * Locks the subject, then the operation's steps (the order every writer of both follows), and
 * says whether the job still has work: a step already settled, or of an operation no longer
 * active, has none.
 */
async function lockStep<T extends SubjectTypes>(
  adapter: SubjectAdapter<T>,
  tx: Transaction,
  job: StepJob,
): Promise<LockedStep<T> | null> {
  const subjectId = await subjectOfJob(tx, adapter.tables, job)
  if (!subjectId) return null
  const subject = await adapter.lock(tx, subjectId)
  const steps = await lockSteps<T['step']>(tx, adapter.tables, job.operationId)
  const operation = await readOperation<T['operation']>(tx, adapter.tables, job.operationId)
  const step = steps.find((entry) => entry.id === job.stepId)
  if (!subject || !step || !operation) return null
  if ((step as StepRecord & Record<string, unknown>)[adapter.tables.subjectColumn] !== subject.id) return null
  if (step.status === 'succeeded' || step.status === 'failed') return null
  if (operation.status === 'succeeded' || operation.status === 'failed') return null
  if (subject.activeOperationId !== operation.id) return null
  return { subject, operation, step, steps }
}

async function advanceStep<T extends SubjectTypes>(
  adapter: SubjectAdapter<T>,
  transaction: StepUnit,
  job: StepJob,
  options: StepJobRun,
): Promise<void> {
  const { uow, ctx } = transaction
  const { tx } = uow
  const locked = await lockStep(adapter, tx, job)
  if (!locked) return
  const { subject, operation, step } = locked

  // The step runs from when it first started (a restart keeps waiting from then), and counts one
  // more attempt when it starts or when its job is retried after a crash.
  const now = new Date()
  const starting = step.status === 'pending'
  const attempts = starting || options.restarted ? step.attempts + 1 : step.attempts
  const run: StepRunOf<T> = { name: step.name, startedAt: step.startedAt ?? now, attempts }
  if (operation.status === 'queued')
    await setOperation(tx, adapter.tables, operation.id, { status: 'running', startedAt: now })
  const call = await adapter.driverCall(tx, ctx, locked, run)
  const outcome: T['outcome'] = await askDriver(call, options)
  const started = {
    ...locked,
    step: { ...step, status: 'running' as const, startedAt: run.startedAt, attempts },
  }

  switch (outcome.state) {
    case 'waiting': {
      const message = outcome.message ?? step.message
      if (starting || attempts !== step.attempts || message !== step.message)
        await setStep(tx, adapter.tables, step.id, {
          status: 'running',
          startedAt: run.startedAt,
          attempts,
          finishedAt: null,
          message,
        })
      const moved = await adapter.keepProgress(
        tx,
        locked,
        outcome as Extract<T['outcome'], { state: 'waiting' }>,
      )
      if (starting || moved) await adapter.announce(uow, subject, subject.status, operation.id)
      await enqueue(adapter, uow, job, step, Math.max(0, outcome.retryAfterSeconds))
      return
    }
    case 'done':
      await completeStep(adapter, transaction, started, outcome as Extract<T['outcome'], { state: 'done' }>)
      return
    case 'failed':
      await failOperation(adapter, transaction, started, outcome.reason)
      return
  }
}

/** The step is done: its results are kept and the next step's job (or the operation's end) follows. */
async function completeStep<T extends SubjectTypes>(
  adapter: SubjectAdapter<T>,
  transaction: StepUnit,
  locked: LockedStep<T>,
  outcome: Extract<T['outcome'], { state: 'done' }>,
): Promise<void> {
  const { uow, ctx } = transaction
  const { tx } = uow
  const { subject, operation, step, steps } = locked
  const now = new Date()
  await setStep(tx, adapter.tables, step.id, {
    status: 'succeeded',
    startedAt: step.startedAt,
    attempts: step.attempts,
    finishedAt: now,
    message: outcome.message ?? step.message,
  })
  await adapter.keepResults(tx, ctx, locked, outcome, now)
  await adapter.recordEvent(tx, subject, operation.id, {
    type: 'step_succeeded',
    message: outcome.message ? `${stepLabel(step.name)}: ${outcome.message}` : `${stepLabel(step.name)} done`,
    data: { stepId: step.id, step: step.name },
  })

  const next = steps.find((entry) => entry.position === step.position + 1)
  if (next) {
    await enqueue(adapter, uow, stepJob(adapter.tables, subject.id, operation.id, next.id), next)
    await adapter.announce(uow, subject, subject.status, operation.id)
    return
  }
  await setOperation(tx, adapter.tables, operation.id, { status: 'succeeded', finishedAt: now, error: null })
  const status = await adapter.finish(uow, ctx, locked, now)
  await adapter.announce(uow, subject, status, endingOperationId(adapter, operation))
}

/**
 * The operation stops at this step: the subject shows `failed` with the reason, and no operation
 * is active, so a retry (or a removal) may start.
 */
async function failOperation<T extends SubjectTypes>(
  adapter: SubjectAdapter<T>,
  { uow, ctx }: StepUnit,
  locked: LockedStep<T>,
  reason: string,
): Promise<void> {
  const { tx } = uow
  const { subject, operation, step } = locked
  const now = new Date()
  await setStep(tx, adapter.tables, step.id, {
    status: 'failed',
    startedAt: step.startedAt ?? now,
    attempts: step.attempts,
    finishedAt: now,
    message: reason,
  })
  await setOperation(tx, adapter.tables, operation.id, { status: 'failed', error: reason, finishedAt: now })
  const failed = 'failed' as T['status']
  await adapter.setStatus(tx, subject, {
    status: failed,
    statusReason: reason,
    activeOperationId: null,
    updatedAt: now,
  })
  await adapter.meter(tx, ctx, subject, now, 'fail')
  await adapter.failed(uow, ctx, locked, reason)
  await adapter.announce(uow, subject, failed, endingOperationId(adapter, operation))
}

function endingOperationId<T extends SubjectTypes>(adapter: SubjectAdapter<T>, operation: T['operation']) {
  return adapter.endAnnouncementNamesOperation ? operation.id : null
}
