import { describe, expect, it } from 'vitest'
import { numberFormat } from './number-formats.ts'

describe('numberFormat', () => {
  it('makes a format once per locale and options, and formats as Intl does', () => {
    const options = { minimumFractionDigits: 2, maximumFractionDigits: 2 }
    const format = numberFormat('en-US', options)
    expect(numberFormat('en-US', { ...options })).toBe(format)
    expect(format.format(1234.5)).toBe('1,234.50')
    expect(numberFormat('fr-FR', options)).not.toBe(format)
    expect(numberFormat('fr-FR', options).format(1234.5)).toBe(
      new Intl.NumberFormat('fr-FR', options).format(1234.5),
    )
    expect(numberFormat('en-US', { maximumFractionDigits: 0 })).not.toBe(format)
  })
})
