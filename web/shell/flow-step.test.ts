import { describe, expect, it } from 'vitest'
import { FLOW_SLIDE_IN_MS, FLOW_SLIDE_OFFSET_PX, FLOW_SLIDE_OUT_MS } from '#web/lib/constants.ts'
import { flowStepOf, slideDirection } from './flow-step.ts'

describe('configuration flow slide', () => {
  it('uses the timings: 0.4 s in, 0.3 s out, 20 px', () => {
    expect(FLOW_SLIDE_IN_MS).toBe(400)
    expect(FLOW_SLIDE_OUT_MS).toBe(300)
    expect(FLOW_SLIDE_OFFSET_PX).toBe(20)
  })

  it('knows the step of each flow path', () => {
    expect(flowStepOf('/configure-cluster')).toBe(0)
    expect(flowStepOf('/clusters/configure/')).toBe(0)
    expect(flowStepOf('/cluster-provisioning')).toBe(1)
    expect(flowStepOf('/clusters/provisioning')).toBe(1)
    expect(flowStepOf('/dashboard')).toBeUndefined()
  })

  it('slides forward to provisioning and backward to configure', () => {
    expect(slideDirection('/configure-cluster', '/cluster-provisioning')).toBe(1)
    expect(slideDirection('/clusters/configure', '/clusters/provisioning')).toBe(1)
    expect(slideDirection('/clusters/provisioning', '/configure-cluster')).toBe(-1)
  })

  it('does not slide within one step or from outside the flow', () => {
    expect(slideDirection('/configure-cluster', '/clusters/configure')).toBe(0)
    expect(slideDirection('/dashboard', '/configure-cluster')).toBe(0)
    expect(slideDirection('/cluster-provisioning', '/my-clusters')).toBe(0)
  })
})
