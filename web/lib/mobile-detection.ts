import { useSyncExternalStore } from 'react'
import { currentDeviceIsMobile } from './device.ts'

/** False on the server and while hydrating; the device's answer right after, kept current on resize. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribeToResize, currentDeviceIsMobile, () => false)
}

function subscribeToResize(listener: () => void): () => void {
  window.addEventListener('resize', listener)
  window.addEventListener('orientationchange', listener)
  return () => {
    window.removeEventListener('resize', listener)
    window.removeEventListener('orientationchange', listener)
  }
}
