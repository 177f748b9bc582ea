import { describe, expect, it } from 'vitest'
import { formatDuration, operationTimingAt, stepSeconds } from './durations.ts'

describe('formatDuration', () => {
  it('reads seconds, minutes and hours the same in English and French', () => {
    expect(formatDuration(0)).toBe('0 s')
    expect(formatDuration(44.6)).toBe('45 s')
    expect(formatDuration(125)).toBe('2 min 05 s')
    expect(formatDuration(3_720)).toBe('1 h 02 min')
    expect(formatDuration(-3)).toBe('0 s')
  })
})

describe('operationTimingAt', () => {
  const running = {
    status: 'running' as const,
    elapsedSeconds: 30,
    estimatedSecondsLeft: 60,
    progressPercent: 33.4,
  }

  it('keeps counting from the figures the server sent while the operation runs', () => {
    expect(operationTimingAt(running, 1_000, 11_000)).toEqual({
      elapsedSeconds: 40,
      estimatedSecondsLeft: 50,
      progressPercent: 33,
    })
  })

  it('never estimates below zero and never shows 100 % before the server says it is done', () => {
    const late = operationTimingAt({ ...running, progressPercent: 100 }, 0, 120_000)
    expect(late.estimatedSecondsLeft).toBe(0)
    expect(late.progressPercent).toBe(99)
  })

  it('freezes a finished operation: 100 % when it succeeded, where it stopped when it failed', () => {
    expect(operationTimingAt({ ...running, status: 'succeeded' }, 0, 60_000)).toEqual({
      elapsedSeconds: 30,
      estimatedSecondsLeft: 0,
      progressPercent: 100,
    })
    expect(operationTimingAt({ ...running, status: 'failed' }, 0, 60_000).progressPercent).toBe(33)
  })
})

describe('stepSeconds', () => {
  it('gives the duration of a finished step, the time so far of a running one, nothing before it starts', () => {
    const startedAt = '2026-03-01T10:00:00.000Z'
    expect(stepSeconds({ startedAt, finishedAt: '2026-03-01T10:01:30.000Z' }, 0)).toBe(90)
    expect(stepSeconds({ startedAt, finishedAt: null }, Date.parse('2026-03-01T10:00:20.000Z'))).toBe(20)
    expect(stepSeconds({ startedAt: null, finishedAt: null }, 0)).toBeNull()
  })
})
