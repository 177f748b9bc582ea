import type { ServerContext } from '#server/context.ts'
import type { Transaction } from '#server/db/client.ts'
import { type StepJob, startStepWorkers } from '#server/jobs/provisioning.ts'
import { conflict, notFound } from '#server/lib/errors.ts'
import {
  insertOperation,
  latestFailedOperation,
  lockSteps,
  setOperation,
  setStep,
  stepJob,
} from './operation-records.ts'
import { enqueue, runSubjectStep, type StepUnit } from './step-runner.ts'
import type { EngineEvent, SubjectAdapter, SubjectTypes } from './subject-adapter.ts'

/**
 * The provisioning engine: a change to a subject (a cluster, an installation) is an operation made
 * of steps, each step a job on the queue. A step's job locks the subject and the operation's steps,
 * asks the subject's driver how the step stands, and records the answer with the job that follows
 * (the same step later, the next step, or nothing) in one transaction. A crash at any point leaves
 * either the old state with its job still to run, or the new state with its next job: a step is
 * never applied twice in effect. One operation at a time per subject; another is refused with 409.
 *
 * What differs between subjects is said by their adapter (subject-adapter.ts): how to lock one, plan
 * its steps, call its driver for a step, and apply an outcome to it. The rest is here (starting
 * and retrying an operation) and in step-runner.ts (its step jobs), once.
 */

export type StartedOperation<T extends SubjectTypes> = { operation: T['operation']; steps: T['step'][] }

/**
 * Starts an operation inside the caller's transaction: the subject moves to its transitional status
 * and the first step's job commits with it. 404 without the subject, 409 while another operation
 * runs or when its status does not allow this one.
 */
export async function startSubjectOperation<T extends SubjectTypes>(
  adapter: SubjectAdapter<T>,
  { uow, ctx }: StepUnit,
  { subjectId, input }: { subjectId: string; input: T['input'] },
): Promise<StartedOperation<T>> {
  const { tx } = uow
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
    organizationId: subject.organizationId,
    kind,
    parameters: planned.parameters,
    requestedBy: input.requestedBy,
    createdAt: now,
    plan: planned.steps,
  })
  await enterOperation(
    adapter,
    { uow, ctx },
    {
      subject,
      operation,
      step: steps[0]!,
      moment: 'start',
      at: now,
      changes: planned.changes,
      event: {
        type: 'operation_started',
        message: adapter.lifecycle.startedMessage(kind, planned.parameters),
        data: { kind },
      },
    },
  )
  return { operation, steps }
}

/**
 * Resumes a failed subject's failed operation from the step that failed (the steps before it stay
 * done). 409 when the subject has not failed or another operation runs.
 */
export async function retrySubjectOperation<T extends SubjectTypes>(
  adapter: SubjectAdapter<T>,
  { uow, ctx }: StepUnit,
  subjectId: string,
): Promise<StartedOperation<T>> {
  const { tx } = uow
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
  await enterOperation(
    adapter,
    { uow, ctx },
    {
      subject,
      operation,
      step: resumeFrom,
      moment: 'retry',
      at: now,
      event: {
        type: 'operation_retried',
        message: adapter.lifecycle.retriedMessage(operation.kind as T['kind'], resumeFrom),
        data: { stepId: resumeFrom.id, step: resumeFrom.name },
      },
    },
  )
  return { operation: resumed, steps: await lockSteps<T['step']>(tx, adapter.tables, operation.id) }
}

/** Registers the workers of the adapter's step jobs (every process whose role is not `web`). */
export function startSubjectWorkers<T extends SubjectTypes>(
  adapter: SubjectAdapter<T>,
  ctx: ServerContext,
  options: { workers?: number; batchSize?: number } = {},
): Promise<void> {
  return startStepWorkers<StepJob>(
    ctx.queue,
    adapter.tables.queue,
    (job, attempt) => runSubjectStep(adapter, ctx, job, attempt),
    options,
  )
}

/**
 * The subject enters its operation's transitional status (as it starts, or is retried), billing
 * follows, the history says so, and the job of the step to run commits with it.
 */
async function enterOperation<T extends SubjectTypes>(
  adapter: SubjectAdapter<T>,
  { uow, ctx }: StepUnit,
  entry: {
    subject: T['subject']
    operation: T['operation']
    step: T['step']
    moment: 'start' | 'retry'
    at: Date
    changes?: Record<string, unknown>
    event: EngineEvent
  },
): Promise<void> {
  const { tx } = uow
  const { subject, operation, step, at } = entry
  const status = adapter.lifecycle.transitional[operation.kind as T['kind']]
  await adapter.setStatus(tx, subject, {
    status,
    statusReason: null,
    activeOperationId: operation.id,
    updatedAt: at,
    ...entry.changes,
  })
  await adapter.meter(tx, ctx, subject, at, entry.moment)
  await adapter.recordEvent(tx, subject, operation.id, {
    ...entry.event,
    fromStatus: subject.status,
    toStatus: status,
  })
  await enqueue(adapter, uow, stepJob(adapter.tables, subject.id, operation.id, step.id), step)
  await adapter.announce(uow, subject, status, operation.id)
}

async function lockIdle<T extends SubjectTypes>(
  adapter: SubjectAdapter<T>,
  tx: Transaction,
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
