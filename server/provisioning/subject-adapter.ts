import type { ServerContext } from '#server/context.ts'
import type { Transaction } from '#server/db/client.ts'
import type { UnitOfWork } from '#server/db/transaction.ts'
import type { OperationRecord, OperationTables, StepRecord } from './operation-records.ts'

/**
 * What the engine asks of each kind of subject it changes (a cluster, an installation): how to
 * lock one, plan its steps, call its driver for a step, and apply an outcome to it. The engine
 * (server/provisioning/operation-engine.ts, step-runner.ts) does the rest, once for all.
 */

/** The columns the engine reads of a subject. */
export type SubjectRecord = {
  id: string
  organizationId: string
  status: string
  activeOperationId: string | null
}

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
  /** Its operations' rows and the queue of their step jobs. */
  tables: OperationTables
  /** Locks the subject's row (FOR UPDATE), with what its driver needs; null when there is none. */
  lock(tx: Transaction, subjectId: string): Promise<T['subject'] | null>
  /** "Cluster", "Installation": what a 404 names. */
  noun: string
  /** The subject's name in messages: the cluster's, the product's. */
  nameOf(subject: T['subject']): string
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
    tx: Transaction,
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
    tx: Transaction,
    ctx: ServerContext,
    locked: LockedStep<T>,
    run: StepRunOf<T>,
  ): Promise<() => Promise<T['outcome']>>
  /** Keeps what a waiting step moved so far (a cluster's nodes); true when something moved. */
  keepProgress(
    tx: Transaction,
    locked: LockedStep<T>,
    outcome: Extract<T['outcome'], { state: 'waiting' }>,
  ): Promise<boolean>
  /** Keeps what a finished step built (a cluster's endpoint and nodes, an installation's endpoints). */
  keepResults(
    tx: Transaction,
    ctx: ServerContext,
    locked: LockedStep<T>,
    outcome: Extract<T['outcome'], { state: 'done' }>,
    at: Date,
  ): Promise<void>
  /**
   * The last step is done (the operation is marked succeeded): the subject rests and takes the
   * operation's changes, with its history and whatever else follows. Says where it rests.
   */
  finish(uow: UnitOfWork, ctx: ServerContext, locked: LockedStep<T>, at: Date): Promise<T['status']>
  /** A step failed for good (step, operation and subject are marked failed): history and news. */
  failed(uow: UnitOfWork, ctx: ServerContext, locked: LockedStep<T>, reason: string): Promise<void>
  /** Sets the subject's status columns (and the `changes` of its plan). */
  setStatus(
    tx: Transaction,
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
    tx: Transaction,
    ctx: ServerContext,
    subject: T['subject'],
    at: Date,
    moment: 'start' | 'retry' | 'fail',
  ): Promise<void>
  recordEvent(tx: Transaction, subject: T['subject'], operationId: string, event: EngineEvent): Promise<void>
  /** Tells the organization's members, live, that the subject changed (delivered at commit). */
  announce(
    uow: UnitOfWork,
    subject: T['subject'],
    status: T['status'],
    operationId: string | null,
  ): Promise<void>
  /** Whether the live message at the operation's end names it (or says no operation is active). */
  endAnnouncementNamesOperation: boolean
}
