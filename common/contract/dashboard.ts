import { sidebarCountsSchema } from '../schemas/system.ts'
import { defineEndpoints, empty } from './endpoint.ts'

/** The figures the shell shows on every page. */
export const dashboard = defineEndpoints('dashboard', {
  sidebarCounts: {
    audience: 'user',
    // Zeros for someone not yet in: the shell shows its counts on every page.
    openToPending: true,
    method: 'GET',
    path: '/api/sidebar-counts',
    summary: "Counts shown in the sidebar: the organization's live clusters and its orders",
    responses: { 200: sidebarCountsSchema, 304: empty('Not modified') },
    reads: ['clusters', 'orders'],
  },
})
