import { describe, expect, it } from 'vitest'
import { formatGib } from './units.ts'

describe('formatGib', () => {
  it('writes the unit and the number as each language does', () => {
    expect(formatGib(8, 'en')).toBe('8\u00a0GiB')
    expect(formatGib(8, 'fr')).toBe('8\u00a0Gio')
    expect(formatGib(0.5, 'fr')).toBe('0,5\u00a0Gio')
    expect(formatGib(1536, 'en')).toBe('1,536\u00a0GiB')
  })
})
