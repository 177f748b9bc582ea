import { describe, expect, it } from 'vitest'
import { THEME_BOOT_SCRIPT } from '#common/theme-script.ts'
import { PROMO_DISMISSED_SESSION_KEY, STORAGE_KEYS } from './constants.ts'

describe('the boot script', () => {
  it('reads the same storage keys as the app', () => {
    expect(THEME_BOOT_SCRIPT).toContain(`localStorage.getItem('${STORAGE_KEYS.theme}')`)
    expect(THEME_BOOT_SCRIPT).toContain(`sessionStorage.getItem('${PROMO_DISMISSED_SESSION_KEY}')`)
  })

  it('is valid JavaScript', () => {
    expect(() => new Function(THEME_BOOT_SCRIPT)).not.toThrow()
  })
})
