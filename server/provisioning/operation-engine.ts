import type { ServerContext } from '#server/context.ts'
import type { Database } from '#server/db/client.ts'
import type { SqlExecutor } from '#server/db/transaction.ts'
import { enqueueStep, type StepAttempt, type StepQueue, startStepWorkers } from '#server/jobs/provisioning.ts'
import { conflict, notFound } from '#server/lib/errors.ts'
import { stepLabel } from './lifecycle.ts'
import {
  insertOperation,
  latestFailedOperation,
  lockSteps,
  type OperationRecord,
  type OperationTables,
  readOperation,
  readSteps,
  type StepRecord,
  setOperation,
  setStep,
} from './operation-records.ts'
import { askDriver, runStepJob, type StepJobRun } from './step-jobs.ts'

/**
 * The provisioning engine: a change to a subject (a cluster, an installation) is an operation made
 * of steps, each step a job on the queue. A step's job locks the subject and the operation's steps,
 * asks the subject's driver how the step stands, and records the answer with the job that follows
 * (the same step later, the next step, or nothing) in one transaction. A crash at any point leaves
 * either the old state with its job still to run, or the new state with its next job: a step is
 * never applied twice in effect. One operation at a time per subject; another is refused with 409.
 *
 * What differs between subjects is said by their adapter (SubjectAdapter): how to lock one, plan
 * its steps, call its driver for a step, and apply an outcome to it. The rest is here, once.
 */

/** The columns the engine reads of a subject. */
export type SubjectRecord = { id: string; status: string; activeOperationId: string | null }

/** What a driver answers for a step, whatever the subject. */
export type DriverOutcome =
  | { state: 'done'; message?: string }
  | { state: 'waiting'; retryAfterSeconds: number; message?: string }
  | { state: 'failed'; reason: string }

/** The types one adapter works with. */
export type SubjectTypes = {
  subject: SubjectRecord
  operation: OperationRecord
  step: StepRecord
  kind: string
  status: string
  job: { operationId: string; stepId: string }
  outcome: DriverOutcome
  /** What a caller asks for when it starts an operation. */
  input: { kind: string; requestedBy: string | null }
}

/** A step's job has work: the subject, the operation and its steps, locked. */
export type LockedStep<T extends SubjectTypes> = {
  subject: T['subject']
  operation: T['operation']
  step: T['step']
  /** The operation's steps in order (the step's successor is the next one). */
  steps: T['step'][]
}

/** The step being run: when its work first started (survives restarts) and how often it began. */
export type StepRunOf<T extends SubjectTypes> = { name: T['step']['name']; startedAt: Date; attempts: number }

/** An event of the subject's history, as the engine records them (a subject may keep less of it). */
export type EngineEvent = {
  type: string
  message: string
  fromStatus?: string
  toStatus?: string
  data?: Record<string, unknown>
}

export type SubjectAdapter<T extends SubjectTypes> = {
  /** "Cluster", "Installation": what a 404 names. */
  noun: string
  /** The subject's name in messages: the cluster's, the product's. */
  nameOf(subject: T['subject']): string
  queue: StepQueue
  tables: OperationTables
  /** The job of one step of the subject's operation. */
  jobOf(subject: T['subject'], operationId: string, stepId: string): T['job']
  /** The subject a job is about (undefined: it no longer exists). */
  subjectIdOf(tx: Database, job: T['job']): Promise<string | undefined>
  /** Locks the subject's row (FOR UPDATE), with what its driver needs; null when there is none. */
  lock(tx: Database, subjectId: string): Promise<T['subject'] | null>
  lifecycle: {
    /** Where the subject stands while an operation of each kind runs. */
    transitional: Record<T['kind'], T['status']>
    /** The statuses each kind may start from, and the code of the 409 when it may not. */
    startsFrom: Record<T['kind'], readonly T['status'][]>
    notReadyCode: string
    operationNames: Record<T['kind'], string>
    startedMessage(kind: T['kind'], parameters: T['operation']['parameters']): string
    retriedMessage(kind: T['kind'], step: T['step']): string
  }
  /**
   * The operation's parameters (checked) and the driver's plan of its steps; `changes` are more
   * of the subject's columns to set as it starts.
   */
  plan(
    tx: Database,
    ctx: ServerContext,
    subject: T['subject'],
    input: T['input'],
  ): Promise<{
    parameters: T['operation']['parameters']
    steps: { name: T['step']['name']; estimatedSeconds: number }[]
    changes?: Record<string, unknown>
  }>
  /** Readies the driver's call for the step, once per job (a short wait may repeat the call). */
  driverCall(
    tx: Database,
    ctx: ServerContext,
    locked: LockedStep<T>,
    run: StepRunOf<T>,
  ): Promise<() => Promise<T['outcome']>>
  /** Keeps what a waiting step moved so far (a cluster's nodes); true when something moved. */
  keepProgress(
    tx: Database,
    locked: LockedStep<T>,
    outcome: Extract<T['outcome'], { state: 'waiting' }>,
  ): Promise<boolean>
  /** Keeps what a finished step built (a cluster's endpoint and nodes, an installation's endpoints). */
  keepResults(
    tx: Database,
    ctx: ServerContext,
    locked: LockedStep<T>,
    outcome: Extract<T['outcome'], { state: 'done' }>,
    at: Date,
  ): Promise<void>
  /**
   * The last step is done (the operation is marked succeeded): the subject rests and takes the
   * operation's changes, with its history and whatever else follows. Says where it rests.
   */
  finish(
    tx: Database,
    sqlExecutor: SqlExecutor,
    ctx: ServerContext,
    locked: LockedStep<T>,
    at: Date,
  ): Promise<T['status']>
  /** A step failed for good (step, operation and subject are marked failed): history and news. */
  failed(
    tx: Database,
    sqlExecutor: SqlExecutor,
    ctx: ServerContext,
    locked: LockedStep<T>,
    reason: string,
  ): Promise<void>
  /** Sets the subject's status columns (and the `changes` of its plan). */
  setStatus(
    tx: Database,
    subject: T['subject'],
    changes: {
      status: T['status']
      statusReason: string | null
      activeOperationId: string | null
      updatedAt: Date
    } & Record<string, unknown>,
  ): Promise<void>
  /** Brings billing's meter in line with the subject's new status. */
  meter(
    tx: Database,
    ctx: ServerContext,
    subject: T['subject'],
    at: Date,
    moment: 'start' | 'retry' | 'fail',
  ): Promise<void>
  recordEvent(tx: Database, subject: T['subject'], operationId: string, event: EngineEvent): Promise<void>
  /** Tells the organization's members, live, that the subject changed (delivered at commit). */
  announce(
    sqlExecutor: SqlExecutor,
    subject: T['subject'],
    status: T['status'],
    operationId: string | null,
  ): Promise<void>
  /** Whether the live message at the operation's end names it (or says no operation is active). */
  endAnnouncementNamesOperation: boolean
}

export type StartedOperation<T extends SubjectTypes> = { operation: T['operation']; steps: T['step'][] }

/**
 * Starts an operation inside the caller's transaction: the subject moves to its transitional status
 * and the first step's job commits with it. 404 without the subject, 409 while another operation
 * runs or when its status does not allow this one.
 */
export async function startSubjectOperation<T extends SubjectTypes>(
  adapter: SubjectAdapter<T>,
  { tx, sqlExecutor, ctx }: Transaction,
  { subjectId, input }: { subjectId: string; input: T['input'] },
): Promise<StartedOperation<T>> {
  const subject = await lockIdle(adapter, tx, subjectId)
  const kind = input.kind as T['kind']
  const name = adapter.nameOf(subject)
  if (!adapter.lifecycle.startsFrom[kind].includes(subject.status))
    throw conflict(
      `${name} is ${subject.status}: ${adapter.lifecycle.operationNames[kind].toLowerCase()} is not possible now`,
      adapter.lifecycle.notReadyCode,
    )
  const planned = await adapter.plan(tx, ctx, subject, input)
  if (planned.steps.length === 0) throw new Error(`The driver planned no steps to ${kind} ${name}`)

  const now = new Date()
  const { operation, steps } = await insertOperation<T['operation'], T['step']>(tx, adapter.tables, {
    subjectId: subject.id,
    organizationId: (subject as SubjectRecord & { organizationId: string }).organizationId,
    kind,
    parameters: planned.parameters,
    requestedBy: input.requestedBy,
    createdAt: now,
    plan: planned.steps,
  })
  const status = adapter.lifecycle.transitional[kind]
  await adapter.setStatus(tx, subject, {
    status,
    statusReason: null,
    activeOperationId: operation.id,
    updatedAt: now,
    ...planned.changes,
  })
  await adapter.meter(tx, ctx, subject, now, 'start')
  await adapter.recordEvent(tx, subject, operation.id, {
    type: 'operation_started',
    fromStatus: subject.status,
    toStatus: status,
    message: adapter.lifecycle.startedMessage(kind, planned.parameters),
    data: { kind },
  })
  await enqueue(adapter, ctx, sqlExecutor, adapter.jobOf(subject, operation.id, steps[0]!.id), steps[0]!)
  await adapter.announce(sqlExecutor, subject, status, operation.id)
  return { operation, steps }
}

/**
 * Resumes a failed subject's failed operation from the step that failed (the steps before it stay
 * done). 409 when the subject has not failed or another operation runs.
 */
export async function retrySubjectOperation<T extends SubjectTypes>(
  adapter: SubjectAdapter<T>,
  { tx, sqlExecutor, ctx }: Transaction,
  subjectId: string,
): Promise<StartedOperation<T>> {
  const subject = await lockIdle(adapter, tx, subjectId)
  const name = adapter.nameOf(subject)
  if (subject.status !== 'failed')
    throw conflict(`${name} has not failed: there is nothing to retry`, 'NOTHING_TO_RETRY')
  const operation = await latestFailedOperation<T['operation']>(tx, adapter.tables, subject.id)
  if (!operation) throw conflict(`${name} has no failed operation to retry`, 'NOTHING_TO_RETRY')
  const steps = await lockSteps<T['step']>(tx, adapter.tables, operation.id)
  const resumeFrom = steps.find((step) => step.status !== 'succeeded')
  if (!resumeFrom) throw conflict(`${name} has no failed step to retry`, 'NOTHING_TO_RETRY')

  const now = new Date()
  await setStep(tx, adapter.tables, resumeFrom.id, {
    status: 'pending',
    startedAt: null,
    finishedAt: null,
    message: null,
  })
  const resumed = await setOperation<T['operation']>(tx, adapter.tables, operation.id, {
    status: 'running',
    error: null,
    finishedAt: null,
  })
  const kind = operation.kind as T['kind']
  const status = adapter.lifecycle.transitional[kind]
  await adapter.setStatus(tx, subject, {
    status,
    statusReason: null,
    activeOperationId: operation.id,
    updatedAt: now,
  })
  await adapter.meter(tx, ctx, subject, now, 'retry')
  await adapter.recordEvent(tx, subject, operation.id, {
    type: 'operation_retried',
    fromStatus: subject.status,
    toStatus: status,
    message: adapter.lifecycle.retriedMessage(kind, resumeFrom),
    data: { stepId: resumeFrom.id, step: resumeFrom.name },
  })
  await enqueue(adapter, ctx, sqlExecutor, adapter.jobOf(subject, operation.id, resumeFrom.id), resumeFrom)
  await adapter.announce(sqlExecutor, subject, status, operation.id)
  return { operation: resumed, steps: await readSteps<T['step']>(tx, adapter.tables, operation.id) }
}

/** Registers the workers of the adapter's step jobs (every process whose role is not `web`). */
export function startSubjectWorkers<T extends SubjectTypes>(
  adapter: SubjectAdapter<T>,
  ctx: ServerContext,
  options: { workers?: number; batchSize?: number } = {},
): Promise<void> {
  return startStepWorkers<T['job']>(
    ctx.queue,
    adapter.queue,
    (job, attempt) => runSubjectStep(adapter, ctx, job, attempt),
    options,
  )
}

/**
 * Runs one step job (server/provisioning/step-jobs.ts says how every step job runs); when its
 * last retry fails too, the operation fails at its step, if it is still running.
 */
export function runSubjectStep<T extends SubjectTypes>(
  adapter: SubjectAdapter<T>,
  ctx: ServerContext,
  job: T['job'],
  attempt: StepAttempt,
): Promise<void> {
  return runStepJob(
    ctx,
    attempt,
    (tx, sqlExecutor, run) => advanceStep(adapter, { tx, sqlExecutor, ctx }, job, run),
    async (tx, sqlExecutor, reason) => {
      const locked = await lockStep(adapter, tx, job)
      if (locked) await failOperation(adapter, { tx, sqlExecutor, ctx }, locked, reason)
    },
  )
}

type Transaction = { tx: Database; sqlExecutor: SqlExecutor; ctx: ServerContext }

async function lockIdle<T extends SubjectTypes>(
  adapter: SubjectAdapter<T>,
  tx: Database,
  subjectId: string,
): Promise<T['subject']> {
  const subject = await adapter.lock(tx, subjectId)
  if (!subject) throw notFound(`${adapter.noun} not found`)
  if (subject.activeOperationId)
    throw conflict(
      `${adapter.nameOf(subject)} is already being changed; wait until that finishes`,
      'OPERATION_IN_PROGRESS',
    )
  return subject
}

function enqueue<T extends SubjectTypes>(
  adapter: SubjectAdapter<T>,
  ctx: ServerContext,
  sqlExecutor: SqlExecutor,
  job: T['job'],
  step: { position: number },
  afterSeconds?: number,
): Promise<void> {
  return enqueueStep(ctx.queue, sqlExecutor, {
    queue: adapter.queue,
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
  tx: Database,
  job: T['job'],
): Promise<LockedStep<T> | null> {
  const subjectId = await adapter.subjectIdOf(tx, job)
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
  transaction: Transaction,
  job: T['job'],
  options: StepJobRun,
): Promise<void> {
  const { tx, sqlExecutor, ctx } = transaction
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
      if (starting || moved) await adapter.announce(sqlExecutor, subject, subject.status, operation.id)
      await enqueue(adapter, ctx, sqlExecutor, job, step, Math.max(0, outcome.retryAfterSeconds))
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
  transaction: Transaction,
  locked: LockedStep<T>,
  outcome: Extract<T['outcome'], { state: 'done' }>,
): Promise<void> {
  const { tx, sqlExecutor, ctx } = transaction
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
    await enqueue(adapter, ctx, sqlExecutor, adapter.jobOf(subject, operation.id, next.id), next)
    await adapter.announce(sqlExecutor, subject, subject.status, operation.id)
    return
  }
  await setOperation(tx, adapter.tables, operation.id, { status: 'succeeded', finishedAt: now, error: null })
  const status = await adapter.finish(tx, sqlExecutor, ctx, locked, now)
  await adapter.announce(sqlExecutor, subject, status, endingOperationId(adapter, operation))
}

/**
 * The operation stops at this step: the subject shows `failed` with the reason, and no operation
 * is active, so a retry (or a removal) may start.
 */
async function failOperation<T extends SubjectTypes>(
  adapter: SubjectAdapter<T>,
  { tx, sqlExecutor, ctx }: Transaction,
  locked: LockedStep<T>,
  reason: string,
): Promise<void> {
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
  await adapter.failed(tx, sqlExecutor, ctx, locked, reason)
  await adapter.announce(sqlExecutor, subject, failed, endingOperationId(adapter, operation))
}

function endingOperationId<T extends SubjectTypes>(adapter: SubjectAdapter<T>, operation: T['operation']) {
  return adapter.endAnnouncementNamesOperation ? operation.id : null
}
