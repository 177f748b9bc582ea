import { describe, expect, it } from 'vitest'
import { seededMiddleware } from '#server/db/seed/seeded-catalog.ts'
import { checkProductSettings } from './product-settings.ts'

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
