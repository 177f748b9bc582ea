import { describe, expect, it } from 'vitest'
import { csvDocument, csvField } from './csv.ts'

describe('csvField', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
  })

  it('neutralises what a spreadsheet would run, but not a negative amount', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvField('-cmd')).toBe("'-cmd")
    expect(csvField('-12.50')).toBe('-12.50')
    expect(csvField(-3)).toBe('-3')
  })

  it('writes an empty field for null', () => {
    expect(csvDocument([['a', null, 1]])).toBe('a,,1\n')
  })
})
