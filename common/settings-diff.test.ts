import { describe, expect, it } from 'vitest'
import { settingsDiff } from './settings-diff.ts'

describe('settingsDiff', () => {
  it('lists each changed, added and removed setting by its path', () => {
    expect(
      settingsDiff(
        { maxConnections: 200, backup: { days: 7, schedule: '0 3 * * *' }, extensions: ['a'], gone: true },
        { maxConnections: 400, backup: { days: 7, schedule: '0 4 * * *' }, extensions: ['a', 'b'], added: 1 },
      ),
    ).toEqual([
      { path: 'added', before: undefined, after: 1 },
      { path: 'backup.schedule', before: '0 3 * * *', after: '0 4 * * *' },
      { path: 'extensions', before: ['a'], after: ['a', 'b'] },
      { path: 'gone', before: true, after: undefined },
      { path: 'maxConnections', before: 200, after: 400 },
    ])
  })

  it('finds nothing when the settings are the same', () => {
    expect(settingsDiff({ a: { b: [1, 2] } }, { a: { b: [1, 2] } })).toEqual([])
  })
})
