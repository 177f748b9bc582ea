import { z } from 'zod'
import { CURRENCIES } from '../money.ts'
import { check } from '../validation-messages.ts'
import { PRODUCT_KINDS } from './products.ts'
import { INSTALLATION_SORTS } from './sorts.ts'
import { INSTALLATION_STATUSES, type InstallationStatus } from './statuses.ts'

/**
 * An installation is a product of the marketplace on one of the organization's clusters, changed
 * by operations of the provisioning engine (docs/decisions/017-marketplace.md).
 */

export const INSTALLATION_OPERATION_KINDS = [
  'install',
  'upgrade',
  'reconfigure',
  'rollback',
  'uninstall',
] as const
export type InstallationOperationKind = (typeof INSTALLATION_OPERATION_KINDS)[number]

/** The steps both drivers plan and run; the locale files name each (`installations.steps`). */
export const INSTALLATION_STEPS = [
  'prepare_namespace',
  'apply_release',
  'wait_for_ready',
  'publish_endpoints',
  'remove_release',
  'clean_up',
] as const
export type InstallationStep = (typeof INSTALLATION_STEPS)[number]

const timestamp = z.iso.datetime({ offset: true })

export const installationStepSchema = z.object({
  id: z.uuid(),
  name: z.enum(INSTALLATION_STEPS),
  status: z.enum(['pending', 'running', 'succeeded', 'failed']),
  estimatedSeconds: z.number().int(),
  attempts: z.number().int(),
  message: z.string().nullable(),
  startedAt: timestamp.nullable(),
  finishedAt: timestamp.nullable(),
})

export const installationOperationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(INSTALLATION_OPERATION_KINDS),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  /** The version and settings the operation goes to (and came from, for the history's diff). */
  fromVersion: z.string().nullable(),
  toVersion: z.string().nullable(),
  changedSettings: z.array(z.string()),
  error: z.string().nullable(),
  requestedByName: z.string().nullable(),
  createdAt: timestamp,
  finishedAt: timestamp.nullable(),
  steps: z.array(installationStepSchema),
})
export type InstallationOperation = z.infer<typeof installationOperationSchema>

export const installationSummarySchema = z.object({
  id: z.uuid(),
  productId: z.string(),
  productName: z.string(),
  productKind: z.enum(PRODUCT_KINDS),
  clusterId: z.uuid(),
  clusterName: z.string(),
  namespace: z.string(),
  planId: z.string().nullable(),
  version: z.string(),
  /** The newest version the catalog offers, when it is newer than the installed one. */
  upgradeAvailable: z.string().nullable(),
  status: z.enum(INSTALLATION_STATUSES),
  statusReason: z.string().nullable(),
  monthlyPriceCents: z.number().int(),
  orderId: z.uuid().nullable(),
  orderReference: z.string().nullable(),
  /** The operation under way: its kind and how far it got (0 to 1). */
  activeOperation: z
    .object({ id: z.uuid(), kind: z.enum(INSTALLATION_OPERATION_KINDS), progress: z.number() })
    .nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
})
export type InstallationSummary = z.infer<typeof installationSummarySchema>

export const installationSchema = installationSummarySchema.extend({
  settings: z.record(z.string(), z.unknown()),
  /** The version before the last upgrade: what a rollback returns to. */
  previousVersion: z.string().nullable(),
  endpoints: z.array(z.object({ name: z.string(), url: z.string() })),
  /** The generated user; the password only through the reveal call. */
  username: z.string().nullable(),
  hasPassword: z.boolean(),
  credentialsRotatedAt: timestamp.nullable(),
  operations: z.array(installationOperationSchema),
})
export type Installation = z.infer<typeof installationSchema>

export const installationListQuerySchema = z.object({
  kind: z.enum(PRODUCT_KINDS).optional(),
  status: z.enum(INSTALLATION_STATUSES).optional(),
  clusterId: z.uuid().optional(),
  sort: z.enum(INSTALLATION_SORTS).default('newest'),
})
export type InstallationListQuery = z.infer<typeof installationListQuerySchema>

/** Ordering a product onto a cluster: the install request with the order's currency and code. */
export const installationOrderRequestSchema = z.object({
  productId: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/),
  clusterId: z.uuid(),
  namespace: z.string().max(63),
  planId: z.string().max(40).nullable(),
  version: z.string().max(40),
  settings: z.record(z.string(), z.unknown()).default({}),
  currency: z.enum(CURRENCIES),
  promoCode: z.string().trim().max(40).nullable().default(null),
  /** The total the browser showed; never trusted. */
  clientTotalCents: z.number().int().optional(),
})
export type InstallationOrderRequest = z.infer<typeof installationOrderRequestSchema>

/** An upgrade, with new settings if the person changed them along (the current ones otherwise). */
export const upgradeInstallationSchema = z.object({
  version: z.string().max(40),
  settings: z.record(z.string(), z.unknown()).optional(),
})
export const reconfigureInstallationSchema = z.object({ settings: z.record(z.string(), z.unknown()) })
export const uninstallInstallationSchema = z.object({ confirmName: z.string().max(200) })
export function uninstallConfirmationSchema(productName: string) {
  return z.object({
    confirmName: z
      .string()
      .refine((typed) => typed.trim() === productName, check('uninstallConfirmation', { name: productName })),
  })
}
export const revealCredentialsSchema = z.object({ password: z.string().min(1).max(200) })
export const connectionCredentialsSchema = z.object({ username: z.string(), password: z.string() })

export { INSTALLATION_SORTS, INSTALLATION_STATUSES, type InstallationStatus }
