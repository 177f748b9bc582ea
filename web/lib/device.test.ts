import { describe, expect, it } from 'vitest'
import { MOBILE_MAX_WIDTH_PX } from './constants.ts'
import { isMobileDevice } from './device.ts'

const desktop = {
  width: 1280,
  touchPoints: 0,
  hasTouchEvents: false,
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
}

describe('mobile detection', () => {
  it('keeps the 1024 px limit', () => {
    expect(MOBILE_MAX_WIDTH_PX).toBe(1024)
  })

  it('counts 1024 px or less as mobile', () => {
    expect(isMobileDevice(desktop)).toBe(false)
    expect(isMobileDevice({ ...desktop, width: 1025 })).toBe(false)
    expect(isMobileDevice({ ...desktop, width: 1024 })).toBe(true)
    expect(isMobileDevice({ ...desktop, width: 390 })).toBe(true)
  })

  it('counts touch support as mobile at any width', () => {
    expect(isMobileDevice({ ...desktop, touchPoints: 5 })).toBe(true)
    expect(isMobileDevice({ ...desktop, hasTouchEvents: true })).toBe(true)
  })

  it('counts a mobile user agent as mobile', () => {
    const iPad =
      'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36'
    expect(isMobileDevice({ ...desktop, userAgent: iPad })).toBe(true)
    expect(isMobileDevice({ ...desktop, userAgent: android })).toBe(true)
  })
})
