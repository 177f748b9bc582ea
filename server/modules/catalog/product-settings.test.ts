import { mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js'
import { describe, expect, it } from 'vitest'
import { seededMiddleware } from '#server/db/seed/seeded-catalog.ts'
import { checkProductSettings, settingsValidatorModule } from './product-settings.ts'

const postgresql = seededMiddleware('postgresql')

describe('product settings', () => {
  it('fill in the schema defaults', () => {
    const { settings, issues } = checkProductSettings(postgresql, { databaseName: 'shop' })
    expect(issues).toEqual([])
    expect(settings).toMatchObject({
      databaseName: 'shop',
      owner: 'app',
      maxConnections: 200,
      pointInTimeRecovery: true,
    })
  })

  it('name each field at fault by its path', () => {
    const { issues } = checkProductSettings(postgresql, {
      databaseName: 'Shop-DB',
      maxConnections: 99_999,
      extensions: ['pgvector', 'oracle'],
      unknown: true,
    })
    expect(issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining([
        ['settings', 'databaseName'],
        ['settings', 'maxConnections'],
        ['settings', 'extensions', 1],
        ['settings', 'unknown'],
      ]),
    )
    expect(issues.find((issue) => issue.path[1] === 'maxConnections')!.message).toBe('Must be <= 5000')
    expect(issues.find((issue) => issue.path[1] === 'unknown')!.message).toBe('This setting does not exist')
  })
})

describe('the browser’s settings validator', () => {
  it('is a module whose precompiled validators refuse what the server refuses, without eval', async () => {
    const code = await settingsValidatorModule(postgresql)
    expect(code).not.toMatch(/\bnew Function\b|\beval\(/)
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'validator-')), 'postgresql.mjs')
    await writeFile(file, code)
    const { default: validators } = await import(pathToFileURL(file).href)
    const validator = createPrecompiledValidator(validators, postgresql.settingsSchema as never)
    const refused = validator.validateFormData(
      { databaseName: 'shop', owner: 'app', maxConnections: 9 },
      postgresql.settingsSchema as never,
    )
    expect(refused.errors.map((error) => [error.property, error.message])).toEqual([
      ['.maxConnections', 'must be >= 20'],
    ])
    const accepted = validator.validateFormData(
      { databaseName: 'shop', owner: 'app', maxConnections: 400 },
      postgresql.settingsSchema as never,
    )
    expect(accepted.errors).toEqual([])
  })
})
