import { z } from 'zod'

export const versionSummarySchema = z.object({
  displayVersion: z.string(),
  environment: z.enum(['development', 'production']),
})

export const sidebarCountsSchema = z.object({
  clusters: z.number().int(),
  orders: z.object({ total: z.number().int() }),
})
export type SidebarCounts = z.infer<typeof sidebarCountsSchema>

export const clusterTierSchema = z.object({ id: z.string(), name: z.string() })

export const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) })
