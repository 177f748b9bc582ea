import { afterEach } from 'vitest'
import { formatViolation, takeViolations } from '#tests/helpers/conformance.ts'

/**
 * An answer of a contract route that the OpenAPI document does not describe (its status, media
 * type or body) fails the test that caused it (tests/helpers/conformance.ts).
 */
afterEach(() => {
  const violations = takeViolations()
  if (violations.length === 0) return
  throw new Error(
    `${violations.length} answer(s) differ from the OpenAPI document:\n${violations.map(formatViolation).join('\n')}`,
  )
})
