import { z } from 'zod'

/** Every error the API returns has this shape. */
export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  issues: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .describe('Field-level validation problems'),
})
export type ErrorResponse = z.infer<typeof errorResponseSchema>

export const messageResponseSchema = z.object({ message: z.string() })
