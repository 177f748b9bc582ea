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
