import { describe, expect, it } from 'vitest'
import { formatFileSize } from './file-size.ts'

describe('file sizes', () => {
  it('read in B, KB and MB', () => {
    expect(formatFileSize(12)).toBe('12 B')
    expect(formatFileSize(358_400)).toBe('350 KB')
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10.0 MB')
  })
})
