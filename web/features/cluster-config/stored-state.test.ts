import { describe, expect, it } from 'vitest'
import { clearDraft, DRAFT_STORAGE_KEY, emptyDraft, loadDraft, newNodePool, saveDraft } from './draft.ts'
import { ANSWERS_STORAGE_KEY, DEFAULT_ANSWERS, loadAnswers } from './suggestion-answers.ts'
import { validDraft } from './test-drafts.ts'

/** What the wizard keeps in session storage is read back with its schema, never trusted as it is. */

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const entries = new Map<string, string>()
  return {
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  }
}

describe('the stored draft', () => {
  it('stores a draft and reads it back, blank numbers blank', () => {
    const storage = memoryStorage()
    const draft = validDraft()
    draft.nodePools[0]!.labels = [{ id: 'a', key: 'team', value: '' }]
    draft.nodePools[0]!.autoscaling.max = Number.NaN
    draft.promoCode = 'PARIS'
    saveDraft(draft, storage)
    expect(loadDraft(storage)).toEqual(draft)
    clearDraft(storage)
    expect(loadDraft(storage)).toBeNull()
  })

  it('ignores a stored draft of a wrong shape, so the wizard starts afresh', () => {
    const storage = memoryStorage()
    const stored = (value: unknown) => {
      storage.setItem(DRAFT_STORAGE_KEY, typeof value === 'string' ? value : JSON.stringify(value))
      return loadDraft(storage)
    }
    expect(stored({ ...validDraft(), name: 42 })).toBeNull()
    expect(stored({ ...validDraft(), nodePools: 'three' })).toBeNull()
    expect(
      stored({ ...validDraft(), nodePools: [{ ...newNodePool('default'), labels: { team: 'shop' } }] }),
    ).toBeNull()
    expect(stored({ ...validDraft(), nodePools: [{ ...newNodePool('default'), nodeCount: '3' }] })).toBeNull()
    expect(
      stored({ ...validDraft(), networking: { ...emptyDraft().networking, apiAllowList: ['10.0.0.0/8'] } }),
    ).toBeNull()
    expect(stored({ ...validDraft(), addOnIds: [1] })).toBeNull()
    expect(stored([validDraft()])).toBeNull()
    expect(stored('{"name":')).toBeNull()
    const valid = validDraft()
    expect(stored(valid)).toEqual(valid)
  })
})

describe('the stored answers of the suggestions', () => {
  it('keeps what fits the questionnaire and defaults the rest', () => {
    const storage = memoryStorage()
    const stored = (value: unknown) => {
      storage.setItem(ANSWERS_STORAGE_KEY, typeof value === 'string' ? value : JSON.stringify(value))
      return loadAnswers(storage)
    }
    expect(loadAnswers(storage)).toEqual({ fields: DEFAULT_ANSWERS, submitted: false })
    expect(
      stored({
        fields: { ...DEFAULT_ANSWERS, services: '12', gpu: 'quantum', stateful: 'yes' },
        submitted: true,
      }),
    ).toEqual({
      fields: { ...DEFAULT_ANSWERS, services: '12' },
      submitted: true,
    })
    expect(stored({ submitted: true })).toEqual({ fields: DEFAULT_ANSWERS, submitted: false })
    expect(stored('not json')).toEqual({ fields: DEFAULT_ANSWERS, submitted: false })
  })
})
