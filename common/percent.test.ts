import { describe, expect, it } from 'vitest'
import { formatPercent } from './percent.ts'

describe('formatPercent', () => {
  it('writes English percentages with a point and no space', () => {
    expect(formatPercent(99.95, 'en')).toBe('99.95%')
    expect(formatPercent(99.9, 'en')).toBe('99.9%')
    expect(formatPercent(5, 'en')).toBe('5%')
  })

  it('writes French percentages with a comma and a no-break space before the sign', () => {
    expect(formatPercent(99.95, 'fr')).toMatch(/^99,95[\u00a0\u202f]%$/)
    expect(formatPercent(99.99, 'fr')).toMatch(/^99,99[\u00a0\u202f]%$/)
  })
})
