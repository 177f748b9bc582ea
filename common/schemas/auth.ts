import { z } from 'zod'
import { LANGUAGES } from '../language.ts'
import { check, validationMessage } from '../validation-messages.ts'
import { MEMBERSHIP_STATUSES, preferencesSchema, USER_ROLES } from './accounts.ts'

export const PASSWORD_MIN_LENGTH = 12
export const PASSWORD_MAX_LENGTH = 128

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, check('passwordTooShort', { minimum: PASSWORD_MIN_LENGTH }))
  .max(PASSWORD_MAX_LENGTH, check('passwordTooLong', { maximum: PASSWORD_MAX_LENGTH }))

export const usernameSchema = z
  .string()
  .trim()
  .min(3, check('usernameTooShort', { minimum: 3 }))
  .max(32, check('usernameTooLong', { maximum: 32 }))
  .regex(/^[A-Za-z0-9._-]+$/, check('usernameCharacters'))

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, check('tooLong', { maximum: 254 }))
  .pipe(z.email(check('email')))

/** The organization's billing identifier, quoted by customers as "Billing ID". */
export const billingIdSchema = z
  .string()
  .trim()
  .min(3, check('billingIdTooShort', { minimum: 3 }))
  .max(40, check('billingIdTooLong', { maximum: 40 }))
  .regex(/^[A-Za-z0-9-_]+$/, check('billingIdCharacters'))
  .transform((value) => value.toUpperCase())

export const loginRequestSchema = z.object({
  /** Username or email. */
  username: z
    .string()
    .trim()
    .min(1, check('identifierRequired'))
    .max(254, check('tooLong', { maximum: 254 })),
  password: z
    .string()
    .min(1, check('passwordRequired'))
    .max(PASSWORD_MAX_LENGTH, check('passwordTooLong', { maximum: PASSWORD_MAX_LENGTH })),
})

/**
 * A registration creates a new organization, whose Billing ID the server generates, unless the
 * person says they join their company (`joining`): then, and only then, they give its Billing ID,
 * and the organization's admins approve them. A Billing ID given for a new organization is refused.
 */
export const registerRequestSchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    name: z
      .string()
      .trim()
      .min(1, check('nameRequired'))
      .max(100, check('tooLong', { maximum: 100 })),
    password: passwordSchema,
    joining: z.boolean().default(false),
    /** The new organization's name; a joiner's organization already has one. */
    companyName: z
      .string()
      .trim()
      .max(120, check('tooLong', { maximum: 120 }))
      .default(''),
    /** The Billing ID of the organization a joiner asks to join; empty for a new organization. */
    companyId: z.preprocess((value) => (value === '' ? undefined : value), billingIdSchema.optional()),
    /** The language of the page the person registered on: their mails are written in it. */
    language: z.enum(LANGUAGES).default('en'),
  })
  .superRefine(
    (registration, context) => {
      // Runs beside the fields' own checks, so every field at fault is named at once: the values
      // may be of any type here.
      const { joining, companyName, companyId } = registration as Record<string, unknown>
      const typedBillingId = typeof companyId === 'string' ? companyId.trim() !== '' : companyId !== undefined
      if (joining === true) {
        if (!typedBillingId)
          context.addIssue({
            code: 'custom',
            path: ['companyId'],
            message: validationMessage('billingIdRequired'),
          })
        return
      }
      if (typeof companyName === 'string' && companyName.trim() === '')
        context.addIssue({
          code: 'custom',
          path: ['companyName'],
          message: validationMessage('companyNameRequired'),
        })
      if (typedBillingId)
        context.addIssue({
          code: 'custom',
          path: ['companyId'],
          message: validationMessage('billingIdForNewOrganization'),
        })
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )

export type RegisterRequest = z.infer<typeof registerRequestSchema>

export const mfaCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, check('mfaCodeFormat')),
})

/** One of the ten recovery codes (`abcde-fghjk`), however it was typed. */
export const recoveryCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(10, check('recoveryCodeFormat'))
    .max(20, check('recoveryCodeFormat'))
    .regex(/^[A-Za-z0-9 -]+$/, check('recoveryCodeFormat')),
})

export const emailRequestSchema = z.object({ email: emailSchema })

export const tokenSchema = z.string().min(20).max(200)
export const tokenRequestSchema = z.object({ token: tokenSchema })

export const resetPasswordRequestSchema = z.object({ token: tokenSchema, password: passwordSchema })

/** A new password typed twice (reset, change): the second must repeat the first. */
export const newPasswordFormSchema = z
  .object({ password: passwordSchema, confirmation: z.string() })
  .refine((form) => form.password === form.confirmation, {
    path: ['confirmation'],
    ...check('passwordsDiffer'),
  })

export const passwordConfirmationSchema = z.object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH) })

export const mfaDisableRequestSchema = passwordConfirmationSchema.extend(mfaCodeSchema.shape)

export const devLoginRequestSchema = z.object({ username: z.string().trim().min(1).max(254) })

export const userSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
  isOfficer: z.boolean(),
  emailVerified: z.boolean(),
  mfaEnabled: z.boolean(),
  companyName: z.string(),
  companyId: z.string(),
  /** `pending` while an admin of the organization has not approved the registration. */
  membershipStatus: z.enum(MEMBERSHIP_STATUSES),
  /** The language of the user's mails. */
  language: z.enum(LANGUAGES),
  /** Theme, currency, billing cycle and language chosen on any browser. */
  preferences: preferencesSchema,
  /** The organization requires two-factor authentication and this person has yet to set it up. */
  mfaEnrolmentRequired: z.boolean(),
  /** The organization has not bought yet: the first-purchase promotion is for it. */
  promotionAvailable: z.boolean(),
})

/** The interface language the signed-in person chose, for their mails too. */
export const languageRequestSchema = z.object({ language: z.enum(LANGUAGES) })
export type User = z.infer<typeof userSchema>

export const mfaRequiredSchema = z.object({ mfaRequired: z.literal(true) })

export const loginResponseSchema = z.union([userSchema, mfaRequiredSchema])

export const mfaSetupResponseSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
})

/** Shown once, when two-factor authentication is turned on or the codes are made again. */
export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) })

/** Accepting an invitation creates the account: the address is the invitation's. */
export const invitationAcceptanceSchema = z.object({
  token: tokenSchema,
  username: usernameSchema,
  name: registerRequestSchema.shape.name,
  password: passwordSchema,
  language: z.enum(LANGUAGES).default('en'),
})
export type InvitationAcceptance = z.infer<typeof invitationAcceptanceSchema>

/** A browser's WebAuthn answer (registration or assertion) as JSON; the library checks the rest. */
export const webauthnResponseSchema = z.object({
  id: z.string().min(1).max(1_024),
  rawId: z.string().min(1).max(1_024),
  type: z.literal('public-key'),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().max(40).optional(),
})

export const passkeyNameSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, check('required'))
    .max(60, check('tooLong', { maximum: 60 })),
})
export const passkeyRegistrationSchema = passkeyNameSchema.extend({ response: webauthnResponseSchema })
export const passkeySignInSchema = z.object({ challengeId: z.uuid(), response: webauthnResponseSchema })

export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
})
export type Passkey = z.infer<typeof passkeySchema>

/** The options a browser passes to `navigator.credentials`: the library's JSON shape. */
export const webauthnOptionsSchema = z.record(z.string(), z.unknown())

export const passwordChangeSchema = z.object({
  currentPassword: z.string().min(1, check('passwordRequired')).max(PASSWORD_MAX_LENGTH),
  password: passwordSchema,
})
export const emailChangeSchema = z.object({
  password: z.string().min(1, check('passwordRequired')).max(PASSWORD_MAX_LENGTH),
  email: emailSchema,
})
