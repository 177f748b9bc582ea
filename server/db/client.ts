import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import * as schema from './schema/index.ts'

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool }
declare const transactionBrand: unique symbol
/**
 * An open transaction's handle (server/db/transaction.ts): the Drizzle API on one checked-out
 * connection, without the pool. Branded, so the pool cannot be passed where a transaction is
 * required, nor a transaction where the pool is.
 */
export type Transaction = Omit<NodePgDatabase<typeof schema>, '$client'> & {
  readonly [transactionBrand]: true
}
/** Either the pool or an open transaction: queries take this so callers choose the scope. */
export type Queryable = Database | Transaction

export function createDatabase(connectionString: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    // Fail fast when PostgreSQL is gone so requests get a 503 instead of hanging.
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 15_000,
    // A database that stops answering on an open connection (frozen, not gone) must not hold
    // requests forever; the server-side statement timeout cannot fire then.
    query_timeout: 20_000,
  })
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {})
  return drizzle({ client: pool, schema, casing: 'snake_case' }) as Database
}

/** Whether the database answers a trivial query (the readiness probe). */
export async function databaseAnswers(db: Database): Promise<boolean> {
  try {
    await db.$client.query('SELECT 1')
    return true
  } catch {
    return false
  }
}
