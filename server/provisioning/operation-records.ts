import { and, asc, desc, eq } from 'drizzle-orm'
import type { Transaction } from '#server/db/client.ts'
import {
  type ClusterOperation,
  type ClusterStep,
  clusterOperations,
  clusterSteps,
  installationOperations,
  installationSteps,
} from '#server/db/schema/index.ts'
import { STEP_QUEUES, type StepJob, type StepQueue } from '#server/jobs/provisioning.ts'

/**
 * The rows every operation keeps, whatever it changes: the operation and its steps, in tables of
 * the same columns (cluster_operations and cluster_steps, installation_operations and
 * installation_steps), and the queue of its step jobs. The engine reads and writes them here, once
 * for every kind of subject.
 */

export type OperationTables = { queue: StepQueue } & (
  | { subjectColumn: 'clusterId'; operations: typeof clusterOperations; steps: typeof clusterSteps }
  | {
      subjectColumn: 'installationId'
      operations: typeof installationOperations
      steps: typeof installationSteps
    }
)

export const CLUSTER_OPERATIONS: OperationTables = {
  subjectColumn: 'clusterId',
  operations: clusterOperations,
  steps: clusterSteps,
  queue: STEP_QUEUES.cluster,
}
export const INSTALLATION_OPERATIONS: OperationTables = {
  subjectColumn: 'installationId',
  operations: installationOperations,
  steps: installationSteps,
  queue: STEP_QUEUES.installation,
}

/** A step's job names the operation, the step and the subject (under its column's name). */
export function stepJob(
  tables: OperationTables,
  subjectId: string,
  operationId: string,
  stepId: string,
): StepJob {
  return { operationId, stepId, [tables.subjectColumn]: subjectId }
}

/** The columns the engine uses of an operation row and of a step row. */
export type OperationRecord = Pick<
  ClusterOperation,
  'id' | 'status' | 'requestedBy' | 'organizationId' | 'createdAt' | 'startedAt' | 'finishedAt' | 'error'
> & { kind: string; parameters: object }
export type StepRecord = Omit<ClusterStep, 'name' | 'clusterId'> & { name: string }

/**
 * The one table type the queries are written against: both pairs of tables have these columns
 * under the same names, so a query built for one runs on the other (the table object, not this
 * type, names the table and its columns in the SQL).
 */
function tablesOf(tables: OperationTables) {
  return tables as unknown as { operations: typeof clusterOperations; steps: typeof clusterSteps }
}

/**
 * The operation's steps in order, locked (after the subject: the order every writer follows; a
 * transaction that holds them already reads them again).
 */
export async function lockSteps<Step extends StepRecord>(
  tx: Transaction,
  tables: OperationTables,
  operationId: string,
): Promise<Step[]> {
  const { steps } = tablesOf(tables)
  const rows = await tx
    .select()
    .from(steps)
    .where(eq(steps.operationId, operationId))
    .orderBy(asc(steps.position))
    .for('update')
  return rows as unknown as Step[]
}

export async function readOperation<Operation extends OperationRecord>(
  tx: Transaction,
  tables: OperationTables,
  operationId: string,
): Promise<Operation | undefined> {
  const { operations } = tablesOf(tables)
  const [row] = await tx.select().from(operations).where(eq(operations.id, operationId))
  return row as unknown as Operation | undefined
}

/** The subject a job is about (jobs enqueued before they carried its id name only the step). */
export async function subjectOfJob(
  tx: Transaction,
  tables: OperationTables,
  job: StepJob,
): Promise<string | undefined> {
  const named = job[tables.subjectColumn]
  if (named) return named
  const { steps } = tablesOf(tables)
  const [row] = await tx
    .select({ subjectId: steps[tables.subjectColumn as 'clusterId'] })
    .from(steps)
    .where(eq(steps.id, job.stepId))
  return row?.subjectId
}

/** The subject's latest failed operation, the one a retry resumes. */
export async function latestFailedOperation<Operation extends OperationRecord>(
  tx: Transaction,
  tables: OperationTables,
  subjectId: string,
): Promise<Operation | undefined> {
  const { operations } = tablesOf(tables)
  const [row] = await tx
    .select()
    .from(operations)
    .where(
      and(eq(operations[tables.subjectColumn as 'clusterId'], subjectId), eq(operations.status, 'failed')),
    )
    .orderBy(desc(operations.createdAt))
    .limit(1)
  return row as unknown as Operation | undefined
}

/** A new operation, queued, and its planned steps in order. */
export async function insertOperation<Operation extends OperationRecord, Step extends StepRecord>(
  tx: Transaction,
  tables: OperationTables,
  input: {
    subjectId: string
    organizationId: string
    kind: string
    parameters: object
    requestedBy: string | null
    createdAt: Date
    plan: { name: string; estimatedSeconds: number }[]
  },
): Promise<{ operation: Operation; steps: Step[] }> {
  const { operations, steps } = tablesOf(tables)
  const subject = { [tables.subjectColumn]: input.subjectId } as { clusterId: string }
  const [operation] = await tx
    .insert(operations)
    .values({
      ...subject,
      organizationId: input.organizationId,
      kind: input.kind as ClusterOperation['kind'],
      status: 'queued',
      parameters: input.parameters as Record<string, unknown>,
      requestedBy: input.requestedBy,
      createdAt: input.createdAt,
    })
    .returning()
  const rows = await tx
    .insert(steps)
    .values(
      input.plan.map((step, position) => ({
        ...subject,
        operationId: operation!.id,
        name: step.name as ClusterStep['name'],
        position,
        estimatedSeconds: Math.max(1, Math.round(step.estimatedSeconds)),
      })),
    )
    .returning()
  rows.sort((a, b) => a.position - b.position)
  return { operation: operation as unknown as Operation, steps: rows as unknown as Step[] }
}

export async function setOperation<Operation extends OperationRecord>(
  tx: Transaction,
  tables: OperationTables,
  operationId: string,
  changes: Partial<Pick<OperationRecord, 'status' | 'startedAt' | 'finishedAt' | 'error'>>,
): Promise<Operation> {
  const { operations } = tablesOf(tables)
  const [row] = await tx.update(operations).set(changes).where(eq(operations.id, operationId)).returning()
  return row as unknown as Operation
}

export async function setStep(
  tx: Transaction,
  tables: OperationTables,
  stepId: string,
  changes: Partial<Pick<StepRecord, 'status' | 'startedAt' | 'attempts' | 'finishedAt' | 'message'>>,
): Promise<void> {
  const { steps } = tablesOf(tables)
  await tx.update(steps).set(changes).where(eq(steps.id, stepId))
}
