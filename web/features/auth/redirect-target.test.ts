import { describe, expect, it } from 'vitest'
import { href } from '#common/routes.ts'
import { AUTH_REDIRECT_DELAY_MS, DEFAULT_AFTER_LOGIN_ROUTE, STORAGE_KEYS } from '#web/lib/constants.ts'
import { isSafeTarget, saveRedirectTarget, takeRedirectTarget } from './redirect-target.ts'

function memoryStorage() {
  const values = new Map<string, string>()
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  }
}

describe('post-login target', () => {
  it('is saved before the gate goes to /auth, 100 ms after the user is known to be signed out', () => {
    expect(AUTH_REDIRECT_DELAY_MS).toBe(100)
  })

  it('is stored under redirectAfterLogin with the path, query and hash', () => {
    const storage = memoryStorage()
    saveRedirectTarget({ pathname: '/dashboard', search: '?tab=x', hash: '#y' }, storage)
    expect(STORAGE_KEYS.redirectAfterLogin).toBe('redirectAfterLogin')
    expect(storage.values.get('redirectAfterLogin')).toBe('/dashboard?tab=x#y')
  })

  it('is returned once, then cleared', () => {
    const storage = memoryStorage()
    saveRedirectTarget({ pathname: '/orders/support/42', search: '', hash: '#reply' }, storage)
    expect(takeRedirectTarget(storage)).toBe('/orders/support/42#reply')
    expect(storage.values.has('redirectAfterLogin')).toBe(false)
    expect(takeRedirectTarget(storage)).toBe('/dashboard')
  })

  it('falls back to /dashboard when nothing is saved', () => {
    expect(href(DEFAULT_AFTER_LOGIN_ROUTE)).toBe('/dashboard')
    expect(takeRedirectTarget(memoryStorage())).toBe('/dashboard')
  })

  it('never follows another origin or an auth screen', () => {
    for (const target of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/auth',
      '/auth?next=/x',
      '/magic-link?token=abc',
      '/reset-password/',
      '/dashboard\nSet-Cookie',
    ]) {
      expect(isSafeTarget(target), target).toBe(false)
      const storage = memoryStorage()
      storage.setItem('redirectAfterLogin', target)
      expect(takeRedirectTarget(storage)).toBe('/dashboard')
    }
    expect(isSafeTarget('/')).toBe(true)
    expect(isSafeTarget('/configure-cluster?type=blue')).toBe(true)
  })

  it('does not save an auth screen as the target', () => {
    const storage = memoryStorage()
    saveRedirectTarget({ pathname: '/auth', search: '', hash: '' }, storage)
    expect(storage.values.size).toBe(0)
  })
})
