import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { account } from '#common/contract/account.ts'
import { audit } from '#common/contract/audit.ts'
import { auth } from '#common/contract/auth.ts'
import { clusters } from '#common/contract/clusters.ts'
import type { Endpoint } from '#common/contract/endpoint.ts'
import { gdpr } from '#common/contract/gdpr.ts'
import { organization } from '#common/contract/organization.ts'
import type { Resource } from '#common/contract/resources.ts'
import { apiKey, changesOf, readsOf } from '#web/lib/api/queries.ts'
import { refreshResources } from '#web/lib/api/refresh.ts'

/** Which queries of these endpoints a change leaves to refresh, by the contract alone. */
function refreshedBy(changes: readonly Resource[] | undefined, reads: Endpoint[]): string[] {
  const queryClient = new QueryClient()
  for (const endpoint of reads) {
    queryClient.getQueryCache().build(queryClient, { queryKey: apiKey(endpoint), meta: readsOf(endpoint) })
  }
  void refreshResources(queryClient, changes ?? [])
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => String(query.queryKey[0]))
}

const lists = [
  account.get,
  audit.list,
  organization.members,
  organization.invitations,
  organization.registrations,
  organization.promotionRequests,
  organization.settings,
  organization.directory,
  account.sessions,
  account.tokens,
  account.promotionRequest,
  account.notificationPreferences,
  auth.passkeys,
  gdpr.requests,
  gdpr.erasureQueue,
  clusters.credentials,
]

/*
 * What each change of the account and organization screens refreshes — once written beside
 * each screen's call, now read from the contract. The audit log records each of them, so it
 * refreshes too (it shows beside the organization's rules on /settings).
 */
const cases: [string, readonly Resource[] | undefined, string[]][] = [
  ['a role change', organization.changeRole.changes, ['organization.members']],
  [
    'a deactivation or reactivation',
    changesOf(organization.deactivateMember, organization.reactivateMember).changes,
    ['organization.members'],
  ],
  ['a removal', organization.removeMember.changes, ['organization.members']],
  ['an invitation', organization.invite.changes, ['organization.invitations']],
  ['an invitation resent', organization.resendInvitation.changes, ['organization.invitations']],
  ['an invitation revoked', organization.revokeInvitation.changes, ['organization.invitations']],
  [
    'a registration decided',
    changesOf(organization.approveRegistration, organization.rejectRegistration).changes,
    ['organization.members', 'organization.registrations'],
  ],
  [
    'a promotion decided',
    changesOf(organization.approvePromotion, organization.declinePromotion).changes,
    ['organization.members', 'organization.promotionRequests'],
  ],
  ['a promotion asked', account.requestPromotion.changes, ['account.promotionRequest']],
  ['a session revoked', account.revokeSession.changes, ['account.sessions']],
  ['the other sessions revoked', account.revokeOtherSessions.changes, ['account.sessions']],
  ['the organization rules', organization.updateSettings.changes, ['organization.settings']],
  ['the terms of an organization', organization.updateTerms.changes, ['organization.directory']],
  [
    'the notification choices',
    account.setNotificationPreferences.changes,
    ['account.notificationPreferences'],
  ],
  ['two-factor authentication on', auth.enableMfa.changes, ['account.get']],
  ['two-factor authentication off', auth.disableMfa.changes, ['account.get']],
  ['a passkey added', auth.registerPasskey.changes, ['auth.passkeys']],
  ['a passkey removed', auth.removePasskey.changes, ['auth.passkeys']],
  ['a token created', account.createToken.changes, ['account.tokens']],
  ['a token revoked', account.revokeToken.changes, ['account.tokens']],
  ['an export asked', gdpr.requestExport.changes, ['gdpr.requests']],
  ['an erasure asked', gdpr.requestErasure.changes, ['gdpr.requests']],
  [
    'an erasure decided',
    changesOf(gdpr.approveErasure, gdpr.refuseErasure, gdpr.extendErasure).changes,
    ['gdpr.erasureQueue'],
  ],
  ['a cluster credential revoked', clusters.revokeCredential.changes, ['clusters.credentials']],
]

describe('what the account and organization changes refresh', () => {
  it.each(cases)('%s refreshes its lists and the audit log', (_name, changes, expected) => {
    expect(refreshedBy(changes, lists)).toEqual(expect.arrayContaining(['audit.list', ...expected]))
  })

  it('a passkey renamed, which the audit log does not record, refreshes the passkeys but not the log', () => {
    const refreshed = refreshedBy(auth.renamePasskey.changes, lists)
    expect(refreshed).toContain('auth.passkeys')
    expect(refreshed).not.toContain('audit.list')
  })
})
