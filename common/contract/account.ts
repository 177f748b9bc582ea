import { z } from 'zod'
import {
  accountSessionSchema,
  apiTokenRequestSchema,
  apiTokenSchema,
  createdApiTokenSchema,
  notificationPreferencesSchema,
  preferencesSchema,
  profileRequestSchema,
  promotionAskSchema,
  promotionRequestSchema,
} from '../schemas/accounts.ts'
import {
  emailChangeSchema,
  languageRequestSchema,
  passwordChangeSchema,
  userSchema,
} from '../schemas/auth.ts'
import { messageResponseSchema } from '../schemas/errors.ts'
import { defineEndpoints, empty } from './endpoint.ts'
import { idParams } from './parameters.ts'

/** Paths served by more than one method: each written once. */
const userPath = '/api/user'
const userNotificationPreferencesPath = '/api/user/notification-preferences'
const userPromotionRequestPath = '/api/user/promotion-request'
const userTokensPath = '/api/user/tokens'

/** The signed-in person's own account; API tokens are never taken here. */
const user = { audience: 'user' } as const

/** The signed-in person's own account: name, language, preferences, secrets, tokens and sessions. */
export const account = defineEndpoints('account', {
  get: {
    ...user,
    openToPending: true,
    method: 'GET',
    path: userPath,
    summary: 'The signed-in user',
    description:
      'Kept per person on the server; a caller naming the answer it has (`If-None-Match`) gets 304 while it is unchanged.',
    responses: { 200: userSchema, 304: empty('Not modified') },
    reads: ['session', 'account', 'organization'],
  },
  setLanguage: {
    ...user,
    openToPending: true,
    method: 'PUT',
    path: '/api/user/language',
    summary: "The signed-in user's language, for the mails they get",
    body: languageRequestSchema,
    responses: { 200: userSchema },
    errors: [404],
    changes: ['account'],
  },
  updateProfile: {
    ...user,
    method: 'PATCH',
    path: userPath,
    summary: "The signed-in user's name",
    body: profileRequestSchema,
    responses: { 200: userSchema },
    changes: ['account', 'audit'],
  },
  tokens: {
    ...user,
    method: 'GET',
    path: userTokensPath,
    summary: "The signed-in user's API tokens still valid (never the tokens themselves)",
    description:
      'Any token of the person may list them, whatever its scopes; only a signed-in person creates one.',
    token: 'anyScope',
    responses: { 200: z.object({ items: z.array(apiTokenSchema) }) },
    reads: ['apiTokens'],
  },
  createToken: {
    ...user,
    method: 'POST',
    path: userTokensPath,
    summary: 'Create a personal API token: its scopes never exceed your role; shown in this answer only',
    body: apiTokenRequestSchema,
    responses: { 201: createdApiTokenSchema },
    errors: [422],
    changes: ['apiTokens', 'notifications', 'audit'],
  },
  revokeToken: {
    ...user,
    method: 'DELETE',
    path: '/api/user/tokens/:id',
    summary: 'Revoke an API token: it stops at once',
    description: 'Any token of the person may revoke one of their tokens, itself included.',
    token: 'anyScope',
    params: idParams,
    responses: { 204: empty('Revoked') },
    errors: [404],
    changes: ['apiTokens', 'audit'],
  },
  changePassword: {
    ...user,
    method: 'POST',
    path: '/api/user/password',
    summary: 'Change the password (the current one first): every other session ends',
    rateLimited: true,
    body: passwordChangeSchema,
    responses: { 204: empty('Changed') },
    errors: [422],
    changes: ['accountSecurity', 'apiTokens', 'clusterCredentials', 'audit'],
  },
  changeEmail: {
    ...user,
    method: 'POST',
    path: '/api/user/email',
    summary: 'Change the address (the password first): a link confirms the new one, the old one is told',
    rateLimited: true,
    body: emailChangeSchema,
    responses: { 202: messageResponseSchema },
    errors: [409],
    changes: ['account', 'audit'],
  },
  updatePreferences: {
    ...user,
    openToPending: true,
    method: 'PUT',
    path: '/api/user/preferences',
    summary: 'Theme, currency, billing cycle and language, applied on any browser the person signs in from',
    body: preferencesSchema,
    responses: { 200: userSchema },
    changes: ['account', 'audit'],
  },
  notificationPreferences: {
    ...user,
    method: 'GET',
    path: userNotificationPreferencesPath,
    summary: 'Which events reach the person by email and in the app',
    responses: { 200: notificationPreferencesSchema },
    reads: ['account'],
  },
  setNotificationPreferences: {
    ...user,
    method: 'PUT',
    path: userNotificationPreferencesPath,
    summary: 'Choose which events reach the person by email and in the app',
    body: notificationPreferencesSchema,
    responses: { 200: notificationPreferencesSchema },
    changes: ['account', 'audit'],
  },
  sessions: {
    ...user,
    method: 'GET',
    path: '/api/user/sessions',
    summary: 'Where the signed-in user is signed in, the current session marked',
    responses: { 200: z.object({ items: z.array(accountSessionSchema) }) },
    reads: ['accountSecurity'],
  },
  revokeSession: {
    ...user,
    method: 'DELETE',
    path: '/api/user/sessions/:id',
    summary: 'Sign out one session',
    params: idParams,
    responses: { 204: empty('Signed out') },
    errors: [404],
    // The current session too, when it is the one named.
    changes: ['accountSecurity', 'session', 'audit'],
  },
  revokeOtherSessions: {
    ...user,
    method: 'POST',
    path: '/api/user/sessions/revoke-others',
    summary: 'Sign out every session but this one',
    responses: { 204: empty('Signed out') },
    changes: ['accountSecurity', 'audit'],
  },
  promotionRequest: {
    audience: 'member',
    method: 'GET',
    path: userPromotionRequestPath,
    summary: "The signed-in user's latest request to become an admin",
    responses: { 200: z.object({ request: promotionRequestSchema.nullable() }) },
    reads: ['promotionRequests'],
  },
  requestPromotion: {
    audience: 'member',
    method: 'POST',
    path: userPromotionRequestPath,
    summary: "Ask the organization's admins to become an admin, with a reason",
    body: promotionAskSchema,
    responses: { 201: promotionRequestSchema },
    errors: [409],
    changes: ['promotionRequests', 'audit'],
  },
})
