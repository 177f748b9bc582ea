import { describe, expect, it } from 'vitest'
import { parseRealtimeMessage, realtimeMessageSchema } from './realtime.ts'
import { REALTIME_CHANGES } from './realtime-changes.ts'
import { RESOURCES } from './resources.ts'

const clusterId = '5b0d9a52-53c3-4a4b-9a35-8d0f8f7c2a11'
const operationId = '0f4c6a1e-2b7d-4c59-8a0e-3f1d2c4b5a69'

describe('realtime messages', () => {
  it('reads each message the server publishes', () => {
    expect(parseRealtimeMessage({ type: 'cluster', clusterId, status: 'scaling', operationId })).toEqual({
      type: 'cluster',
      clusterId,
      status: 'scaling',
      operationId,
    })
    expect(
      parseRealtimeMessage({ type: 'cluster', clusterId, status: 'running', operationId: null })?.type,
    ).toBe('cluster')
    expect(
      parseRealtimeMessage({
        type: 'installation',
        installationId: operationId,
        clusterId,
        status: 'installing',
        operationId,
      })?.type,
    ).toBe('installation')
    expect(parseRealtimeMessage({ type: 'ticket', ticketId: clusterId, status: 'open' })?.type).toBe('ticket')
    expect(
      parseRealtimeMessage({
        type: 'notification',
        notificationType: 'success',
        userId: clusterId,
        id: operationId,
        title: 'Cluster ready',
        message: 'web-prod is running',
        link: null,
        timestamp: '2026-11-27T10:00:00.000Z',
        read: false,
        trash: false,
      })?.type,
    ).toBe('notification')
  })

  it('drops anything else: another type, a state that does not exist, a malformed frame', () => {
    expect(parseRealtimeMessage({ type: 'presence', userId: clusterId })).toBeUndefined()
    expect(
      parseRealtimeMessage({ type: 'cluster', clusterId, status: 'exploded', operationId }),
    ).toBeUndefined()
    expect(
      parseRealtimeMessage({ type: 'cluster', clusterId: 'c1', status: 'running', operationId }),
    ).toBeUndefined()
    expect(parseRealtimeMessage('cluster')).toBeUndefined()
    expect(parseRealtimeMessage(null)).toBeUndefined()
  })

  it('names, for every type of message, resources the contract knows', () => {
    const types = realtimeMessageSchema.options.map((option) => option.shape.type.value)
    expect(Object.keys(REALTIME_CHANGES).sort()).toEqual([...types].sort())
    for (const resources of Object.values(REALTIME_CHANGES))
      for (const resource of resources) expect(RESOURCES).toContain(resource)
  })
})
