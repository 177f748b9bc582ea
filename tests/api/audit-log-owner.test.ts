import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createDatabase, type Database } from '#server/db/client.ts'
import { databaseUrl } from '#server/db/databases.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { recordAudit } from '#server/modules/audit/service.ts'

/**
 * Issue 24: the audit log's append-only trigger must hold against the role the app runs as. On the
 * test PostgreSQL, a non-superuser LOGIN role owns a database and migrates it, as the app does at
 * start-up: migration 0016 cannot protect the log by itself and says so in a NOTICE, without
 * failing. A superuser then runs the same file once (docs/operations.md); from then on the app's
 * role adds and reads entries and nothing else.
 */

const OWNER_ROLE = 'clusterdeck_audit_owner'
const MIGRATION = 'server/db/migrations/0016_audit_log_owner.sql'

const suffix = randomBytes(4).toString('hex')
const role = `cd_app_${suffix}`
const password = randomBytes(12).toString('hex')
const database = `cd_audit_${suffix}`
const serverUrl = inject('postgresServerUrl')

let superuser: pg.Client
let app: pg.Client
let appDb: Database
const notices: string[] = []

/** A URL of the test server for `user` on the test's database. */
function urlAs(user: string, secret: string) {
  const url = new URL(databaseUrl(serverUrl, database))
  url.username = user
  url.password = secret
  return url.toString()
}

async function superuserOn(name: string) {
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, name) })
  await client.connect()
  return client
}

const ownerOf = async (client: pg.Client, object: 'audit_entries' | 'audit_entries_append_only') => {
  const query =
    object === 'audit_entries'
      ? `SELECT pg_get_userbyid(relowner) AS owner FROM pg_class WHERE oid = 'public.audit_entries'::regclass`
      : `SELECT pg_get_userbyid(proowner) AS owner FROM pg_proc WHERE proname = 'audit_entries_append_only'`
  return (await client.query<{ owner: string }>(query)).rows[0]?.owner
}

beforeAll(async () => {
  const admin = await superuserOn('postgres')
  await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD '${password}' NOSUPERUSER NOCREATEROLE NOCREATEDB`)
  await admin.query(`CREATE DATABASE ${database} OWNER ${role}`)
  await admin.end()
  // The app's own start-up, as its role: every migration, 0016 included.
  appDb = createDatabase(urlAs(role, password), { max: 2 })
  await migrateDatabase(appDb, { notice: (message) => notices.push(message) })
  app = new pg.Client({ connectionString: urlAs(role, password) })
  await app.connect()
}, 60_000)

afterAll(async () => {
  await app?.end()
  await appDb?.$client.end()
  await superuser?.end()
  const admin = await superuserOn('postgres')
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
  await admin.query(`DROP ROLE IF EXISTS ${role}`)
  await admin.end()
})

describe('the audit log against the role the app runs as', () => {
  it('migrates as a role that may not protect the log: a NOTICE says what to do, nothing fails', async () => {
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatch(/^Audit log: /)
    expect(notices[0]).toContain(`Have a superuser run ${MIGRATION}`)
    // Still the app's: this is what the NOTICE warns of.
    expect(await ownerOf(app, 'audit_entries')).toBe(role)
  })

  it('after a superuser ran the migration once more, the app adds and reads entries and nothing else', async () => {
    superuser = await superuserOn(database)
    await superuser.query(readFileSync(MIGRATION, 'utf8'))
    expect(await ownerOf(app, 'audit_entries')).toBe(OWNER_ROLE)
    expect(await ownerOf(app, 'audit_entries_append_only')).toBe(OWNER_ROLE)

    // The app's own writer, on the app's role.
    await recordAudit(appDb, { system: true }, 'organization.updated', {
      type: 'organization',
      label: 'kept',
    })
    const { rows } = await app.query<{ count: string }>('SELECT count(*) FROM audit_entries')
    expect(Number(rows[0]!.count)).toBeGreaterThan(0)

    const attacks: [string, RegExp][] = [
      ['ALTER TABLE audit_entries DISABLE TRIGGER audit_entries_append_only', /must be owner/],
      ['ALTER TABLE audit_entries DISABLE TRIGGER ALL', /must be owner/],
      ['DROP TRIGGER audit_entries_append_only ON audit_entries', /must be owner/],
      ['DROP TRIGGER audit_entries_no_truncate ON audit_entries', /must be owner/],
      [`UPDATE audit_entries SET action = 'forged'`, /permission denied/],
      ['DELETE FROM audit_entries', /permission denied/],
      ['TRUNCATE audit_entries', /permission denied/],
      [
        `CREATE OR REPLACE FUNCTION audit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NEW; END'`,
        /must be owner/,
      ],
      [`ALTER TABLE audit_entries OWNER TO ${role}`, /must be owner/],
      [`GRANT ${OWNER_ROLE} TO ${role}`, /permission denied/],
      [`SET ROLE ${OWNER_ROLE}`, /permission denied/],
    ]
    for (const [statement, refusal] of attacks) {
      await expect(app.query(statement), statement).rejects.toThrow(refusal)
    }
    // Everything still in place: both triggers on, and the entry as written.
    const triggers = await superuser.query<{ tgname: string; tgenabled: string }>(
      `SELECT tgname, tgenabled FROM pg_trigger WHERE tgrelid = 'public.audit_entries'::regclass ORDER BY tgname`,
    )
    expect(triggers.rows).toEqual([
      { tgname: 'audit_entries_append_only', tgenabled: 'O' },
      { tgname: 'audit_entries_no_truncate', tgenabled: 'O' },
    ])
    const kept = await app.query(`SELECT action FROM audit_entries WHERE target_label = 'kept'`)
    expect(kept.rows).toEqual([{ action: 'organization.updated' }])
  })

  it('lets the app start again on the protected database: its migrations are applied, none fails', async () => {
    const again: string[] = []
    await migrateDatabase(appDb, { notice: (message) => again.push(message) })
    expect(again).toEqual([])
  })

  it('protects the databases a superuser migrates from the start (the template of the tests)', async () => {
    const template = await superuserOn('clusterdeck_test_template')
    try {
      expect(await ownerOf(template, 'audit_entries')).toBe(OWNER_ROLE)
      const members = await template.query(
        `SELECT 1 FROM pg_auth_members WHERE roleid = (SELECT oid FROM pg_roles WHERE rolname = $1)`,
        [OWNER_ROLE],
      )
      expect(members.rows).toEqual([])
    } finally {
      await template.end()
    }
  })
})
