/**
 * The states of what the portal runs, apart from their schemas so the app's shell (the realtime
 * socket) can name them without loading the areas' schemas.
 */

export const CLUSTER_STATUSES = [
  'pending',
  'provisioning',
  'running',
  'updating',
  'scaling',
  'hibernating',
  'hibernated',
  'deleting',
  'deleted',
  'failed',
] as const
export type ClusterStatus = (typeof CLUSTER_STATUSES)[number]

export const INSTALLATION_STATUSES = [
  'pending',
  'installing',
  'installed',
  'upgrading',
  'reconfiguring',
  'uninstalling',
  'uninstalled',
  'failed',
] as const
export type InstallationStatus = (typeof INSTALLATION_STATUSES)[number]

export const TICKET_STATUSES = ['new', 'open', 'waiting_on_customer', 'resolved', 'closed'] as const
export type TicketStatus = (typeof TICKET_STATUSES)[number]

export const INVOICE_STATUSES = ['open', 'paid', 'overdue'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

export const ORDER_STATUSES = [
  'draft',
  'pending_approval',
  'confirmed',
  'fulfilled',
  'cancelled',
  'failed',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
/** Orders that count as a purchase: the promotion is for an organization's first one only. */
export const PURCHASE_ORDER_STATUSES: readonly OrderStatus[] = ['pending_approval', 'confirmed', 'fulfilled']
