import { z } from 'zod'
import { TOKEN_SCOPES } from '../api-scopes.ts'
import { CURRENCIES } from '../money.ts'
import { check } from '../validation-messages.ts'

/*
 * Accounts and organization administration: members, invitations, approvals, promotion
 * requests, sessions and the audit log. Kept free of imports from `auth.ts`, which reads the
 * roles and membership states from here.
 */

export const USER_ROLES = ['user', 'admin', 'super_admin'] as const
export type UserRole = (typeof USER_ROLES)[number]
/** What an organization's admin may hand out; super_admin is the operator's alone. */
export const ASSIGNABLE_ROLES = ['user', 'admin'] as const
/** `removed` accounts are retired: kept for the history that names them, never signed in again. */
export const MEMBERSHIP_STATUSES = ['active', 'pending', 'deactivated', 'removed'] as const
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number]

/** How long an invitation's link works. */
export const INVITATION_VALID_DAYS = 7

const text = (maximum: number) =>
  z.string().trim().min(1, check('required')).max(maximum, check('tooLong', { maximum }))
const note = z
  .string()
  .trim()
  .max(1_000, check('tooLong', { maximum: 1_000 }))
  .nullable()
  .default(null)

export const memberSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  membershipStatus: z.enum(MEMBERSHIP_STATUSES),
  mfaEnabled: z.boolean(),
  lastSignInAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
})
export type Member = z.infer<typeof memberSchema>

export const memberRoleRequestSchema = z.object({ role: z.enum(ASSIGNABLE_ROLES) })

export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const
export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  status: z.enum(INVITATION_STATUSES),
  invitedBy: z.string(),
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
})
export type Invitation = z.infer<typeof invitationSchema>

export const invitationRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, check('tooLong', { maximum: 254 }))
    .pipe(z.email(check('email'))),
  role: z.enum(ASSIGNABLE_ROLES).default('user'),
})
export type InvitationRequest = z.input<typeof invitationRequestSchema>

/** What the invitation's link shows before the person accepts. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  organizationName: z.string(),
  invitedBy: z.string(),
  role: z.enum(USER_ROLES),
  expiresAt: z.iso.datetime(),
})
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>

export const REGISTRATION_STATUSES = ['pending', 'approved', 'rejected'] as const
export const registrationSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  emailVerified: z.boolean(),
  status: z.enum(REGISTRATION_STATUSES),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
})
export type Registration = z.infer<typeof registrationSchema>
export const registrationQuerySchema = z.object({
  status: z.enum(REGISTRATION_STATUSES).default('pending'),
})

export const PROMOTION_STATUSES = ['pending', 'approved', 'declined'] as const
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number]
export const promotionRequestSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  reason: z.string(),
  status: z.enum(PROMOTION_STATUSES),
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
})
export type PromotionRequest = z.infer<typeof promotionRequestSchema>
export const promotionQuerySchema = z.object({ status: z.enum(PROMOTION_STATUSES).default('pending') })
export const promotionAskSchema = z.object({ reason: text(1_000) })
/** An admin's answer to a promotion request or a registration, with an optional note to the person. */
export const decisionSchema = z.object({ note })

export const accountSessionSchema = z.object({
  id: z.uuid(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  current: z.boolean(),
})
export type AccountSession = z.infer<typeof accountSessionSchema>

export const profileRequestSchema = z.object({ name: text(100) })

/** Every change the audit log records, `area.change`. */
export const AUDIT_ACTIONS = [
  'account.registered',
  'session.signed_in',
  'session.sign_in_failed',
  'session.revoked',
  'session.others_revoked',
  'profile.updated',
  'password.changed',
  'email.change_requested',
  'email.changed',
  'mfa.enabled',
  'mfa.disabled',
  'mfa.recovery_codes_regenerated',
  'passkey.added',
  'passkey.removed',
  'token.created',
  'token.revoked',
  'gdpr.export_requested',
  'gdpr.erasure_requested',
  'gdpr.erasure_approved',
  'gdpr.erasure_refused',
  'gdpr.erasure_extended',
  'preferences.updated',
  'organization.updated',
  'organization.terms_changed',
  'order.placed',
  'order.cancelled',
  'order.approved',
  'order.rejected',
  'cluster.operation_started',
  'installation.operation_started',
  'payment.received',
  'credits.granted',
  'credit_note.issued',
  'member.role_changed',
  'member.deactivated',
  'member.reactivated',
  'member.removed',
  'invitation.sent',
  'invitation.resent',
  'invitation.revoked',
  'invitation.accepted',
  'registration.approved',
  'registration.rejected',
  'promotion.requested',
  'promotion.approved',
  'promotion.declined',
  'access.revoked',
  'cluster_credential.issued',
  'cluster_credential.revoked',
  'installation.credentials_revealed',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]
export const AUDIT_AREAS = [...new Set(AUDIT_ACTIONS.map((action) => action.split('.')[0]!))] as AuditArea[]
export type AuditArea = AuditAction extends `${infer Area}.${string}` ? Area : never

export function isAuditAction(action: string): action is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(action)
}

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.iso.datetime(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

/** The audit log's filters; dates are calendar days (`2026-11-26`), both ends included. */
export const auditQuerySchema = z.object({
  /** An action (`member.role_changed`) or its area (`member`). */
  action: z
    .string()
    .trim()
    .max(60)
    .regex(/^[a-z_.]*$/, check('invalidFormat'))
    .optional(),
  actor: z.string().trim().max(254).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** super_admin only: one organization's entries (every organization's without it). */
  organizationId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
})
export type AuditQuery = z.input<typeof auditQuerySchema>

export const TOKEN_LIFETIMES = ['30d', '90d', '1y'] as const
export type TokenLifetime = (typeof TOKEN_LIFETIMES)[number]
/** The longest a token lives, whatever date is chosen. */
export const TOKEN_MAX_DAYS = 366

export const apiTokenRequestSchema = z
  .object({
    name: text(60),
    scopes: z
      .array(z.enum(TOKEN_SCOPES))
      .min(1, check('chooseOption'))
      .max(TOKEN_SCOPES.length)
      .transform((scopes) => [...new Set(scopes)]),
    /** One of the usual lifetimes, or `expiresOn`: a token always expires. */
    lifetime: z.enum(TOKEN_LIFETIMES).optional(),
    expiresOn: z.iso.date().optional(),
  })
  .refine((request) => (request.lifetime === undefined) !== (request.expiresOn === undefined), {
    path: ['lifetime'],
    ...check('chooseOption'),
  })
export type ApiTokenRequest = z.input<typeof apiTokenRequestSchema>

export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  expiresAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  lastUsedIp: z.string().nullable(),
  createdAt: z.iso.datetime(),
})
export type ApiToken = z.infer<typeof apiTokenSchema>
/** The token itself is in this answer only. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() })
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>

/** A mail domain (`example.com`): registrations from it are approved at once. */
const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, check('tooLong', { maximum: 253 }))
  .regex(/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, check('domainFormat'))

export const organizationSettingsSchema = z.object({
  requireMfa: z.boolean(),
  verifiedDomains: z
    .array(domainSchema)
    .max(20)
    .transform((domains) => [...new Set(domains)]),
})
export type OrganizationSettings = z.output<typeof organizationSettingsSchema>
/** The same as the API answers them (already normalised). */
export const organizationSettingsResponseSchema = z.object({
  requireMfa: z.boolean(),
  verifiedDomains: z.array(z.string()),
})

/** The person's interface choices, kept on the server and applied on any browser they sign in from. */
export const preferencesSchema = z.object({
  theme: z.enum(['light', 'dark', 'system']).optional(),
  currency: z.enum(CURRENCIES).optional(),
  billingCycle: z.enum(['monthly', 'yearly']).optional(),
  language: z.enum(['en', 'fr']).optional(),
})
export type Preferences = z.infer<typeof preferencesSchema>

/** What super_admin sees of an organization. */
export const organizationOverviewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  billingId: z.string(),
  members: z.number().int(),
  /** Cents of the billing currency. */
  creditLimitCents: z.number().int(),
  billingCurrency: z.enum(CURRENCIES),
  createdAt: z.iso.datetime(),
})
export type OrganizationOverview = z.infer<typeof organizationOverviewSchema>
export const organizationSearchSchema = z.object({ search: z.string().trim().max(100).optional() })
export const organizationTermsSchema = z.object({
  creditLimitCents: z
    .number()
    .int(check('wholeNumber'))
    .min(0, check('atLeast', { minimum: 0 }))
    .max(100_000_000_000, check('atMost', { maximum: 1_000_000_000 })),
  billingCurrency: z.enum(CURRENCIES),
})
export const organizationDirectoryEntrySchema = organizationOverviewSchema.extend({
  memberList: z.array(memberSchema),
})
export type OrganizationDirectoryEntry = z.infer<typeof organizationDirectoryEntrySchema>

/** What a person may choose to hear of, by email and in the app. */
export const NOTIFICATION_EVENTS = [
  'cluster_status',
  'orders',
  'invoices',
  'budget_alerts',
  'ticket_replies',
  'security',
] as const
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number]
const channelsSchema = z.object({ email: z.boolean(), app: z.boolean() })
export type Channels = z.infer<typeof channelsSchema>
export const notificationPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_EVENTS.map((event) => [event, channelsSchema])) as Record<
    NotificationEvent,
    typeof channelsSchema
  >,
)
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>
