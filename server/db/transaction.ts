import { drizzle } from 'drizzle-orm/node-postgres'
import type { Database } from './client.ts'
import * as schema from './schema/index.ts'

/** Runs raw SQL on the same connection (the job queue and NOTIFY join the transaction this way). */
export type SqlExecutor = { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> }

/**
 * Runs `work` in one transaction. Besides the Drizzle handle it hands out a raw executor on the
 * same connection, so jobs enqueued and notifications published inside commit or vanish with it.
 */
export async function inTransaction<T>(
  db: Database,
  work: (tx: Database, sqlExecutor: SqlExecutor) => Promise<T>,
): Promise<T> {
  const client = await db.$client.connect()
  // A connection the server ends mid-transaction (PostgreSQL stopping) emits 'error' on the
  // checked-out client, where the pool listens no more: without a listener the process would
  // crash. The query in flight fails anyway, and the transaction with it.
  let lost: Error | undefined
  const onError = (error: Error) => {
    lost = error
  }
  client.on('error', onError)
  const tx = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Database
  const sqlExecutor: SqlExecutor = { executeSql: (text, values) => client.query(text, values as unknown[]) }
  try {
    await client.query('BEGIN')
    const result = await work(tx, sqlExecutor)
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    client.off('error', onError)
    // A lost connection goes back destroyed, not to be lent again.
    client.release(lost)
  }
}

/** The executor for work outside a transaction. */
export function poolExecutor(db: Database): SqlExecutor {
  return { executeSql: (text, values) => db.$client.query(text, values as unknown[]) }
}
