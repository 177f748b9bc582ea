import { describe, expectTypeOf, it } from 'vitest'
import type { JobQueue } from '#server/jobs/queue.ts'
import type { Database, Queryable, Transaction } from './client.ts'
import type { DatabaseUnit, UnitOfWork, UnitSource } from './transaction.ts'

// What these tests check is typed, so `npm run typecheck` is what fails when they break.
describe('the unit of work, in types', () => {
  it('keeps the pool and a transaction apart, while a query on either takes both', () => {
    expectTypeOf<Database>().not.toExtend<Transaction>()
    expectTypeOf<Transaction>().not.toExtend<Database>()
    expectTypeOf<Database>().toExtend<Queryable>()
    expectTypeOf<Transaction>().toExtend<Queryable>()
  })

  it('sends jobs only from a unit opened with the job queue', () => {
    expectTypeOf<UnitOfWork>().toHaveProperty('enqueue')
    expectTypeOf<DatabaseUnit>().not.toHaveProperty('enqueue')
    expectTypeOf<UnitOfWork['tx']>().toEqualTypeOf<Transaction>()
  })

  it('offers no send that takes a transaction: outside one, the send says so', () => {
    expectTypeOf<JobQueue>().not.toHaveProperty('send')
    expectTypeOf<JobQueue>().toHaveProperty('sendNow')
    expectTypeOf<UnitSource>().toEqualTypeOf<{ db: Database; queue: JobQueue }>()
  })
})
