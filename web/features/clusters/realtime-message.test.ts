import { describe, expect, it } from 'vitest'
import { isClusterMessage } from './realtime-message.ts'

describe('isClusterMessage', () => {
  it('accepts the cluster messages of the realtime socket and nothing else', () => {
    expect(isClusterMessage({ type: 'cluster', clusterId: 'c1', status: 'scaling', operationId: 'o1' })).toBe(
      true,
    )
    expect(isClusterMessage({ type: 'cluster', clusterId: 'c1', status: 'running', operationId: null })).toBe(
      true,
    )
    expect(isClusterMessage({ type: 'notification', userId: 'u1' })).toBe(false)
    expect(isClusterMessage({ type: 'cluster', clusterId: 'c1', status: 'exploded' })).toBe(false)
    expect(isClusterMessage('cluster')).toBe(false)
    expect(isClusterMessage(null)).toBe(false)
  })
})
