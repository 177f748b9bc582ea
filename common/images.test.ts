import { describe, expect, it } from 'vitest'
import { IMAGE_DEFAULT_QUALITY, srcsetWidths } from './images.ts'

describe('srcsetWidths', () => {
  it('names the displayed width times 0.5, 0.75, 1, 1.5 and 2', () => {
    expect(srcsetWidths(40)).toEqual([20, 30, 40, 60, 80])
    expect(srcsetWidths(320)).toEqual([160, 240, 320, 480, 640])
    expect(IMAGE_DEFAULT_QUALITY).toBe(75)
  })
})
