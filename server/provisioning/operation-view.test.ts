import { describe, expect, it } from 'vitest'
import { PROVISIONING_STEPS } from '#common/schemas/clusters.ts'
import type { ClusterOperation, ClusterStep } from '#server/db/schema/clusters.ts'
import { operationView, RUNNING_STEP_SHARE_CAP } from './operation-view.ts'

const T0 = new Date('2026-11-22T10:00:00Z')
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000)

function operation(overrides: Partial<ClusterOperation> = {}): ClusterOperation {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    clusterId: '00000000-0000-4000-8000-000000000002',
    organizationId: '00000000-0000-4000-8000-000000000003',
    kind: 'create',
    status: 'running',
    parameters: {},
    error: null,
    requestedBy: null,
    createdAt: T0,
    startedAt: T0,
    finishedAt: null,
    ...overrides,
  }
}

let nextId = 10
function step(position: number, estimatedSeconds: number, overrides: Partial<ClusterStep> = {}): ClusterStep {
  return {
    id: `00000000-0000-4000-8000-0000000000${nextId++}`,
    operationId: '00000000-0000-4000-8000-000000000001',
    clusterId: '00000000-0000-4000-8000-000000000002',
    name: PROVISIONING_STEPS[position % PROVISIONING_STEPS.length]!,
    position,
    status: 'pending',
    estimatedSeconds,
    attempts: 0,
    message: null,
    startedAt: null,
    finishedAt: null,
    ...overrides,
  }
}

describe('operationView', () => {
  it('counts finished steps and the running one’s elapsed share of their estimates', () => {
    // 20 + 90 + 60 + 30 + 10 = 210 s planned; 20 done, 45 s into the 90 s step.
    const steps = [
      step(0, 20, { status: 'succeeded', startedAt: at(0), finishedAt: at(20) }),
      step(1, 90, { status: 'running', startedAt: at(20) }),
      step(2, 60),
      step(3, 30),
      step(4, 10),
    ]
    const view = operationView(operation(), steps, at(65))
    expect(view.progressPercent).toBe(Math.floor(((20 + 45) / 210) * 100))
    expect(view.elapsedSeconds).toBe(65)
    expect(view.estimatedSecondsLeft).toBe(45 + 60 + 30 + 10)
    expect(view.steps.map((entry) => entry.status)).toEqual([
      'succeeded',
      'running',
      'pending',
      'pending',
      'pending',
    ])
  })

  it('caps an overrunning step short of its end and keeps some time left', () => {
    const steps = [step(0, 100, { status: 'running', startedAt: at(0) })]
    const view = operationView(operation(), steps, at(500))
    expect(view.progressPercent).toBe(Math.floor(RUNNING_STEP_SHARE_CAP * 100))
    expect(view.estimatedSecondsLeft).toBe(5)
    expect(view.elapsedSeconds).toBe(500)
  })

  it('never shows 100 % before the operation has succeeded', () => {
    const steps = [step(0, 10, { status: 'succeeded', startedAt: at(0), finishedAt: at(10) })]
    expect(operationView(operation(), steps, at(11)).progressPercent).toBe(99)
    const done = operationView(operation({ status: 'succeeded', finishedAt: at(11) }), steps, at(30))
    expect(done).toMatchObject({ progressPercent: 100, estimatedSecondsLeft: 0, elapsedSeconds: 11 })
  })

  it('orders the steps by position and sends ISO times', () => {
    const steps = [step(1, 5), step(0, 5, { status: 'running', startedAt: at(1) })]
    const view = operationView(operation({ status: 'queued', startedAt: null }), steps, at(3))
    expect(view.steps.map((entry) => entry.name)).toEqual(['network', 'control_plane'])
    expect(view.steps[0]!.startedAt).toBe(at(1).toISOString())
    expect(view.createdAt).toBe(T0.toISOString())
    // A queued operation counts from its creation.
    expect(view.elapsedSeconds).toBe(3)
  })

  it('stops the clock and the estimate when the operation failed', () => {
    const steps = [
      step(0, 20, { status: 'succeeded', startedAt: at(0), finishedAt: at(20) }),
      step(1, 20, { status: 'failed', startedAt: at(20), finishedAt: at(30), message: 'quota' }),
    ]
    const view = operationView(
      operation({ status: 'failed', error: 'quota', finishedAt: at(30) }),
      steps,
      at(600),
    )
    expect(view).toMatchObject({
      progressPercent: 50,
      elapsedSeconds: 30,
      estimatedSecondsLeft: 0,
      error: 'quota',
    })
  })
})
