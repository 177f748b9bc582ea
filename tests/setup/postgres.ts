import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { PgBoss } from 'pg-boss'
import type { TestProject } from 'vitest/node'
import { createDatabase } from '#server/db/client.ts'
import { databaseUrl } from '#server/db/databases.ts'
import { type EmbeddedPostgres, startEmbeddedPostgres } from '#server/db/embedded-postgres.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { seedDatabase } from '#server/db/seed/index.ts'

export const TEMPLATE_DATABASE = 'clusterdeck_test_template'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresServerUrl: string
  }
}

/**
 * One real PostgreSQL for the whole run: TEST_DATABASE_URL's server when set, an embedded one
 * otherwise. A template database is migrated and seeded once; every test file copies it.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined
  let serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(os.tmpdir(), `clusterdeck-test-pg-${process.pid}`),
      ephemeral: true,
    })
    serverUrl = embedded.url
  }
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`)
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`)
  await admin.end()

  const templateUrl = databaseUrl(serverUrl, TEMPLATE_DATABASE)
  const db = createDatabase(templateUrl)
  await migrateDatabase(db)
  await seedDatabase(db, { demoData: true })
  await db.$client.end()
  // The job queue's schema is created once here rather than in every test database.
  const boss = new PgBoss({ connectionString: templateUrl, schedule: false, supervise: false })
  await boss.start()
  await boss.stop({ graceful: false })

  project.provide('postgresServerUrl', serverUrl)
  return async () => {
    await embedded?.stop()
  }
}
