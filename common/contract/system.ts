import { z } from 'zod'
import { healthSchema, versionSummarySchema } from '../schemas/system.ts'
import { defineEndpoints } from './endpoint.ts'
import { noQuery } from './parameters.ts'

/** The OpenAPI 3.0 document itself: its parts are what the document says they are. */
const openApiDocumentSchema = z.looseObject({ openapi: z.string() }).describe('An OpenAPI 3.0 document')

/** What the running process says of itself: version, liveness, readiness, and this API's document. */
export const system = defineEndpoints('system', {
  versionSummary: {
    audience: 'anyone',
    method: 'GET',
    path: '/api/version/summary',
    query: noQuery,
    summary: 'The running version and environment (DEV or PROD badge)',
    responses: { 200: versionSummarySchema },
    reads: ['system'],
  },
  openApi: {
    audience: 'anyone',
    method: 'GET',
    path: '/api/openapi.json',
    query: noQuery,
    summary: 'This document: every endpoint of the API, written from the contract',
    responses: { 200: openApiDocumentSchema },
    reads: ['system'],
  },
  health: {
    audience: 'anyone',
    method: 'GET',
    path: '/healthz',
    query: noQuery,
    summary: 'Liveness: the process answers',
    responses: { 200: healthSchema },
  },
  ready: {
    audience: 'anyone',
    method: 'GET',
    path: '/readyz',
    query: noQuery,
    summary: 'Readiness: the database answers',
    responses: { 200: healthSchema },
    errorAnswers: { 503: healthSchema },
  },
})
