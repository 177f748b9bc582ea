import { z } from 'zod'

export const PASSWORD_MIN_LENGTH = 12
export const PASSWORD_MAX_LENGTH = 128

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)

export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(32, 'Username must be at most 32 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may contain letters, digits, dots, dashes and underscores only')

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email('Enter a valid email address'))

/** The organization's billing identifier, quoted by customers as "Billing ID". */
export const billingIdSchema = z
  .string()
  .trim()
  .min(3, 'Billing ID must be at least 3 characters')
  .max(40, 'Billing ID must be at most 40 characters')
  .regex(/^[A-Za-z0-9-_]+$/, 'Billing ID may contain letters, digits, dashes and underscores only')
  .transform((value) => value.toUpperCase())

export const loginRequestSchema = z.object({
  /** Username or email. */
  username: z.string().trim().min(1, 'Enter your username or email').max(254),
  password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH),
})

export const registerRequestSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  name: z.string().trim().min(1, 'Enter your name').max(100),
  password: passwordSchema,
  companyName: z.string().trim().min(1, 'Enter your company name').max(120),
  companyId: billingIdSchema,
})
export type RegisterRequest = z.infer<typeof registerRequestSchema>

export const mfaCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
})

export const emailRequestSchema = z.object({ email: emailSchema })

export const tokenSchema = z.string().min(20).max(200)
export const tokenRequestSchema = z.object({ token: tokenSchema })

export const resetPasswordRequestSchema = z.object({ token: tokenSchema, password: passwordSchema })

export const passwordConfirmationSchema = z.object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH) })

export const mfaDisableRequestSchema = passwordConfirmationSchema.extend(mfaCodeSchema.shape)

export const devLoginRequestSchema = z.object({ username: z.string().trim().min(1).max(254) })

export const userSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['user', 'admin', 'super_admin']),
  isOfficer: z.boolean(),
  emailVerified: z.boolean(),
  mfaEnabled: z.boolean(),
  companyName: z.string(),
  companyId: z.string(),
  /** `pending` while an admin of the organization has not approved the registration. */
  membershipStatus: z.enum(['active', 'pending']),
})
export type User = z.infer<typeof userSchema>

export const mfaRequiredSchema = z.object({ mfaRequired: z.literal(true) })

export const loginResponseSchema = z.union([userSchema, mfaRequiredSchema])

export const mfaSetupResponseSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
})
