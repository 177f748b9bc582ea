import { en } from '#web/locales/en.ts'

/** A step the locale files name (`clusters.steps.*`). */
export type StepKey = keyof typeof en.clusters.steps

export function isStepKey(key: string): key is StepKey {
  return Object.hasOwn(en.clusters.steps, key)
}

/**
 * A step's name as the driver reports it ("control_plane", "Node pools"…) turned into a
 * translation key, and a readable fallback when no translation exists.
 */
export function stepKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
}

export function readableStepName(name: string): string {
  const spaced = name.replace(/[_-]+/g, ' ').trim()
  return spaced.charAt(0).toUpperCase() + spaced.slice(1)
}
