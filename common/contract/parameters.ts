import { z } from 'zod'

/** `:id`, a row's UUID: a malformed one answers 400, an unknown or foreign one 404. */
export const idParams = z.object({ id: z.uuid() })

/** An empty JSON answer's schema for the 2xx of a call that only confirms. */
export const okSchema = z.object({ ok: z.literal(true) })
