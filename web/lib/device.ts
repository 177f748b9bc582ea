import { MOBILE_MAX_WIDTH_PX, MOBILE_USER_AGENT_PATTERN } from './constants.ts'

export type DeviceTraits = { width: number; touchPoints: number; hasTouchEvents: boolean; userAgent: string }

/**
 * Small, touch or tablet screens get the floating menus: a width of 1024 px or less, touch support,
 * or a mobile user agent.
 */
export function isMobileDevice(traits: DeviceTraits): boolean {
  return (
    traits.width <= MOBILE_MAX_WIDTH_PX ||
    traits.touchPoints > 0 ||
    traits.hasTouchEvents ||
    MOBILE_USER_AGENT_PATTERN.test(traits.userAgent)
  )
}

/** This browser's answer now. */
export function currentDeviceIsMobile(): boolean {
  return isMobileDevice({
    width: window.innerWidth,
    touchPoints: navigator.maxTouchPoints ?? 0,
    hasTouchEvents: 'ontouchstart' in window,
    userAgent: navigator.userAgent,
  })
}
