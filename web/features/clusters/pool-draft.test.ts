import { describe, expect, it } from 'vitest'
import { poolDraftIssues } from './pool-draft.ts'

describe('poolDraftIssues', () => {
  it('turns a valid draft into the PATCH body', () => {
    expect(poolDraftIssues({ nodeCount: '4', autoscaling: true, min: '2', max: '6' })).toEqual({
      errors: {},
      change: { nodeCount: 4, autoscaling: { enabled: true, min: 2, max: 6 } },
    })
    expect(poolDraftIssues({ nodeCount: '3', autoscaling: false, min: '', max: '' }).change).toEqual({
      nodeCount: 3,
      autoscaling: { enabled: false, min: 1, max: 3 },
    })
  })

  it('names the field at fault', () => {
    expect(poolDraftIssues({ nodeCount: '2.5', autoscaling: false, min: '1', max: '3' }).errors).toEqual({
      nodeCount: 'whole',
    })
    expect(poolDraftIssues({ nodeCount: '101', autoscaling: false, min: '1', max: '3' }).errors).toEqual({
      nodeCount: 'range',
    })
    expect(poolDraftIssues({ nodeCount: '3', autoscaling: true, min: '5', max: '4' }).errors).toEqual({
      min: 'minAboveMax',
    })
    expect(poolDraftIssues({ nodeCount: '9', autoscaling: true, min: '1', max: '4' }).errors).toEqual({
      nodeCount: 'outsideAutoscaling',
    })
    expect(poolDraftIssues({ nodeCount: '0', autoscaling: true, min: '0', max: '0' }).errors).toEqual({
      max: 'maxAtLeastOne',
    })
    expect(poolDraftIssues({ nodeCount: '9', autoscaling: true, min: '1', max: '4' }).change).toBeNull()
  })
})
