/**
 * The kinds and categories screens filter and label by, apart from their schemas (as the states
 * are in statuses.ts): a list screen names them without loading zod and the area's schemas.
 */

export const USAGE_KINDS = ['control_plane', 'nodes', 'add_on', 'middleware', 'support_plan'] as const
export type UsageKind = (typeof USAGE_KINDS)[number]

export const TICKET_CATEGORIES = ['technical', 'billing', 'account', 'sales'] as const
export type TicketCategory = (typeof TICKET_CATEGORIES)[number]

export const ADD_ON_CATEGORIES = ['observability', 'security', 'backup', 'networking', 'gpu'] as const
export const MIDDLEWARE_CATEGORIES = [
  'database',
  'cache',
  'messaging',
  'search',
  'identity',
  'registry',
  'storage',
] as const
