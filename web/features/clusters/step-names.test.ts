import { describe, expect, it } from 'vitest'
import { readableStepName, stepKey } from './step-names.ts'

describe('step names', () => {
  it('turns any spelling of a step into one translation key', () => {
    expect(stepKey('control_plane')).toBe('control_plane')
    expect(stepKey('Control plane')).toBe('control_plane')
    expect(stepKey('health-check')).toBe('health_check')
  })

  it('reads an untranslated step name as words', () => {
    expect(readableStepName('install_cni')).toBe('Install cni')
    expect(readableStepName('Wait for nodes')).toBe('Wait for nodes')
  })
})
