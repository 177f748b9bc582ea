import { beforeEach, describe, expect, it } from 'vitest'
import { carryToast, takeCarriedToast } from './carried-toast.ts'

class MemoryStorage {
  private values = new Map<string, string>()
  getItem(key: string) {
    return this.values.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.values.set(key, value)
  }
  removeItem(key: string) {
    this.values.delete(key)
  }
}

describe('carried toasts', () => {
  beforeEach(() => {
    Object.assign(globalThis, { sessionStorage: new MemoryStorage() })
  })

  it('hands a toast to the next page once', () => {
    carryToast({ title: 'Logged out successfully', variant: 'success' })
    expect(takeCarriedToast()).toEqual({ title: 'Logged out successfully', variant: 'success' })
    expect(takeCarriedToast()).toBeUndefined()
  })

  it('ignores what is not a toast', () => {
    sessionStorage.setItem('carriedToast', '{"nope":1}')
    expect(takeCarriedToast()).toBeUndefined()
    sessionStorage.setItem('carriedToast', 'not json')
    expect(takeCarriedToast()).toBeUndefined()
  })
})
