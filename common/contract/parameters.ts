import { z } from 'zod'

/** `:id`, a row's UUID: a malformed one answers 400, an unknown or foreign one 404. */
export const idParams = z.object({ id: z.uuid() })

/** The header every order carries: the same key and body return the same order. */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string({ error: 'The Idempotency-Key header is required: send a new random key with each new order' })
    .min(8, 'The Idempotency-Key header needs at least 8 characters')
    .max(200, 'The Idempotency-Key header has at most 200 characters'),
})

/** A read that takes no parameters refuses any it is sent (400), as it refuses any other bad input. */
export const noQuery = z.strictObject({})
