/**
 * What a change of settings changes, setting by setting: nested objects are compared field by
 * field (`backup.schedule`), arrays and values whole. The upgrade and reconfigure dialogs show it
 * before anything runs; an installation's history lists the paths.
 */

export type SettingChange = { path: string; before: unknown; after: unknown }

export function settingsDiff(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  prefix = '',
): SettingChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()
  return keys.flatMap((key) => {
    const path = prefix ? `${prefix}.${key}` : key
    const left = before[key]
    const right = after[key]
    if (isPlainObject(left) && isPlainObject(right)) return settingsDiff(left, right, path)
    return JSON.stringify(left) === JSON.stringify(right) ? [] : [{ path, before: left, after: right }]
  })
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
