import { describe, expect, it } from 'vitest'
import { CLUSTER_STATUSES } from '#common/schemas/clusters.ts'
import { canChange, isClusterBusy, isTransitional, statusTone } from './cluster-status.ts'

describe('cluster status', () => {
  it('gives every status a tone; the lifecycle’s passing states are transitional', () => {
    expect(CLUSTER_STATUSES.filter(isTransitional)).toEqual([
      'pending',
      'provisioning',
      'updating',
      'scaling',
      'hibernating',
      'deleting',
    ])
    expect(statusTone('running')).toBe('success')
    expect(statusTone('failed')).toBe('danger')
    expect(statusTone('hibernated')).toBe('paused')
  })

  it('locks changes while an operation runs or the cluster is on the move', () => {
    const done = { status: 'succeeded' as const }
    expect(canChange({ status: 'running', operation: null })).toBe(true)
    expect(canChange({ status: 'hibernated', operation: null })).toBe(true)
    expect(canChange({ status: 'running', operation: { ...operation(), status: 'running' } })).toBe(false)
    expect(canChange({ status: 'scaling', operation: { ...operation(), ...done } })).toBe(false)
    expect(canChange({ status: 'failed', operation: null })).toBe(false)
    expect(isClusterBusy({ status: 'failed', operation: { ...operation(), status: 'failed' } })).toBe(false)
  })
})

function operation() {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    kind: 'scale' as const,
    status: 'queued' as const,
    progressPercent: 0,
    elapsedSeconds: 0,
    estimatedSecondsLeft: 10,
    error: null,
    steps: [],
    createdAt: '2026-03-01T10:00:00.000Z',
    finishedAt: null,
  }
}
