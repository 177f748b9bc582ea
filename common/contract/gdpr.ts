import { z } from 'zod'
import {
  erasureRequestSchema,
  gdprDecisionSchema,
  gdprRequestSchema,
  officerGdprRequestSchema,
} from '../schemas/gdpr.ts'
import { defineEndpoints, empty, file } from './endpoint.ts'
import { idParams } from './parameters.ts'

/** The signed-in person's own requests (never with an API token). */
const own = { audience: 'user' } as const
/** An officer's decision on a waiting erasure: 404 for an unknown one, 409 once decided. */
const decision = {
  audience: 'officer',
  method: 'POST',
  params: idParams,
  errors: [404, 409],
} as const

/** Requests under the GDPR: a person's own, and the officers' erasure queue. */
export const gdpr = defineEndpoints('gdpr', {
  requests: {
    ...own,
    method: 'GET',
    path: '/api/user/gdpr',
    summary: "The signed-in person's export and erasure requests",
    responses: { 200: z.object({ items: z.array(gdprRequestSchema) }) },
    reads: ['gdprRequests'],
  },
  requestExport: {
    ...own,
    method: 'POST',
    path: '/api/user/gdpr/export',
    summary: 'Ask for an export of everything about you: a ZIP built in the background',
    responses: { 201: gdprRequestSchema },
    // 409: an export is already in progress.
    errors: [409],
    changes: ['gdprRequests', 'audit'],
  },
  downloadExport: {
    ...own,
    method: 'GET',
    path: '/api/user/gdpr/:id/archive',
    summary: 'Download an export (for 7 days, signed in as its owner)',
    params: idParams,
    responses: { 200: file('application/zip', 'A ZIP of everything about you') },
    errors: [404],
    reads: ['gdprRequests'],
  },
  requestErasure: {
    ...own,
    method: 'POST',
    path: '/api/user/gdpr/erasure',
    summary: 'Ask for your account to be erased: officers answer within a month',
    body: erasureRequestSchema,
    responses: { 201: gdprRequestSchema },
    // 409: an erasure is already asked for.
    errors: [409],
    changes: ['gdprRequests', 'audit'],
  },
  erasureQueue: {
    audience: 'officer',
    method: 'GET',
    path: '/api/officers/gdpr-requests',
    summary: 'Erasure requests waiting, nearest deadline first, each with what it deletes and keeps',
    responses: { 200: z.object({ items: z.array(officerGdprRequestSchema) }) },
    reads: ['gdprRequests'],
  },
  approveErasure: {
    ...decision,
    path: '/api/officers/gdpr-requests/:id/approve',
    summary: 'Erase the account (409 while its organization has unpaid invoices)',
    responses: { 204: empty('Erased') },
    changes: ['gdprRequests', 'members', 'audit'],
  },
  refuseErasure: {
    ...decision,
    path: '/api/officers/gdpr-requests/:id/refuse',
    summary: 'Refuse the erasure, with the reason mailed to the person',
    body: gdprDecisionSchema,
    responses: { 204: empty('Refused') },
    changes: ['gdprRequests', 'audit'],
  },
  extendErasure: {
    ...decision,
    path: '/api/officers/gdpr-requests/:id/extend',
    summary: 'Extend the deadline by two months, once, with the reason mailed to the person',
    body: gdprDecisionSchema,
    responses: { 204: empty('Extended') },
    changes: ['gdprRequests', 'audit'],
  },
})
