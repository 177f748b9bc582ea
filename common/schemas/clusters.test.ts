import { describe, expect, it } from 'vitest'
import { defaultIssueMessage, validationMessage } from '../validation-messages.ts'
import { scaleNodePoolFormSchema } from './clusters.ts'

const typed = (nodeCount: string, enabled: boolean, min: string, max: string) =>
  scaleNodePoolFormSchema.safeParse(
    { nodeCount, autoscaling: { enabled, min, max } },
    { error: defaultIssueMessage },
  )

const problems = (result: ReturnType<typeof typed>) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))

describe('the scale dialog’s rules', () => {
  it('turn what was typed into the request body', () => {
    expect(typed('4', true, '2', '6').data).toEqual({
      nodeCount: 4,
      autoscaling: { enabled: true, min: 2, max: 6 },
    })
    // Blank bounds of autoscaling that is off are replaced, not refused.
    expect(typed('3', false, '', '').data).toEqual({
      nodeCount: 3,
      autoscaling: { enabled: false, min: 1, max: 3 },
    })
  })

  it('name the field at fault, in the catalog’s words', () => {
    expect(problems(typed('2.5', false, '1', '3'))).toEqual({ nodeCount: validationMessage('wholeNumber') })
    expect(problems(typed('', false, '1', '3'))).toEqual({ nodeCount: validationMessage('wholeNumber') })
    expect(problems(typed('101', false, '1', '3'))).toEqual({
      nodeCount: validationMessage('tooManyNodes', { maximum: 100 }),
    })
    expect(problems(typed('0', false, '1', '3'))).toEqual({
      nodeCount: validationMessage('poolKeepsOneNode'),
    })
    expect(problems(typed('3', true, '5', '4'))).toEqual({
      'autoscaling.min': validationMessage('minimumAboveMaximum'),
    })
    expect(problems(typed('9', true, '1', '4'))).toEqual({
      nodeCount: validationMessage('nodeCountOutsideRange'),
    })
    expect(problems(typed('1', true, '0', '0'))).toMatchObject({
      'autoscaling.max': validationMessage('atLeast', { minimum: 1 }),
    })
  })
})
