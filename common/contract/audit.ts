import { auditEntrySchema, auditQuerySchema } from '../schemas/accounts.ts'
import { pageSchema } from '../schemas/pagination.ts'
import { defineEndpoints, file } from './endpoint.ts'

/** The CSV takes the list's filters, without its paging. */
const auditCsvQuerySchema = auditQuerySchema.omit({ limit: true, cursor: true })
/** Admins read their organization's log, super_admin every organization's; tokens of the organization area. */
const admin = { audience: 'admin', token: 'organization' } as const

export const audit = defineEndpoints('audit', {
  list: {
    ...admin,
    method: 'GET',
    path: '/api/audit',
    summary: 'Audit entries, newest first, filtered by action, actor and days',
    query: auditQuerySchema,
    responses: { 200: pageSchema(auditEntrySchema) },
    reads: ['audit'],
  },
  csv: {
    ...admin,
    method: 'GET',
    path: '/api/audit/csv',
    summary: 'The filtered audit log as CSV (at most 10,000 entries)',
    query: auditCsvQuerySchema,
    responses: { 200: file('text/csv', 'The audit log (CSV)') },
    reads: ['audit'],
  },
})
