import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { clusters } from '#common/contract/clusters.ts'
import type { Endpoint } from '#common/contract/endpoint.ts'
import { marketplace } from '#common/contract/marketplace.ts'
import type {
  Installation,
  InstallationListQuery,
  InstallationOrderRequest,
} from '#common/schemas/installations.ts'
import { callApi } from '#web/lib/api/call.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'
import { apiKey, apiQuery, changesOf, readsOf } from '#web/lib/api/queries.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/installations.ts'

/** While an operation runs the queries poll too, so a lost realtime message never leaves a page stuck. */
const POLL_WHILE_CHANGING_MS = 3_000
/** The clusters a product may go onto: one page, as many as the form lists. */
const INSTALL_TARGETS_LIMIT = 100

const installationKeys = {
  detail: (id: string) => apiKey(marketplace.installation, { params: { id } }),
}

export function installationsQueryOptions(query: Partial<InstallationListQuery>) {
  return queryOptions({
    ...apiQuery(marketplace.installations, { query }),
    select: (page) => page.items,
    refetchInterval: (current) =>
      current.state.data?.items.some((item) => item.activeOperation) ? POLL_WHILE_CHANGING_MS : false,
  })
}

export function installationQueryOptions(id: string) {
  return queryOptions({
    ...apiQuery(marketplace.installation, { params: { id } }),
    refetchInterval: (current) => (current.state.data?.activeOperation ? POLL_WHILE_CHANGING_MS : false),
  })
}

export const useInstallations = (query: Partial<InstallationListQuery>) =>
  useQuery(installationsQueryOptions(query))
export const useInstallation = (id: string) => useQuery(installationQueryOptions(id))

/** The organization's clusters the install form offers (the incompatible ones say why). */
export const installTargetsQueryOptions = queryOptions({
  ...apiQuery(clusters.list, { query: { limit: INSTALL_TARGETS_LIMIT } }),
  select: (page) => page.items,
})

/**
 * The server's price of an order as it stands, the promotion decided, and what its invoice
 * charges: a POST read as a query, one per request body, refreshed when what it reads changes.
 */
export function installationQuoteQueryOptions(request: InstallationOrderRequest) {
  const input = { body: request }
  return queryOptions({
    queryKey: apiKey(marketplace.quote, input),
    queryFn: ({ signal }) => callApi(marketplace.quote, input, { signal }),
    meta: readsOf(marketplace.quote),
  })
}

/** Orders an installation with its Idempotency-Key: a retry returns the order already made. */
export function useOrderInstallation() {
  return useApiMutation(marketplace.install, {
    input: ({ request, idempotencyKey }: { request: InstallationOrderRequest; idempotencyKey: string }) => ({
      body: request,
      headers: { 'idempotency-key': idempotencyKey },
    }),
  })
}

type Change =
  | { action: 'upgrade'; version: string; settings: Record<string, unknown> }
  | { action: 'reconfigure'; settings: Record<string, unknown> }
  | { action: 'rollback' | 'retry' | 'credentials/rotate' }
  | { action: 'uninstall'; confirmName: string }

/** The endpoints of a change, one per action: what they change is refreshed once one succeeds. */
const CHANGE_ENDPOINTS: [Endpoint, ...Endpoint[]] = [
  marketplace.upgrade,
  marketplace.reconfigure,
  marketplace.rollBack,
  marketplace.retry,
  marketplace.rotateCredentials,
  marketplace.uninstall,
]

function callChange(id: string, change: Change): Promise<Installation> {
  const params = { id }
  switch (change.action) {
    case 'upgrade':
      return callApi(marketplace.upgrade, {
        params,
        body: { version: change.version, settings: change.settings },
      })
    case 'reconfigure':
      return callApi(marketplace.reconfigure, { params, body: { settings: change.settings } })
    case 'uninstall':
      return callApi(marketplace.uninstall, { params, body: { confirmName: change.confirmName } })
    case 'rollback':
      return callApi(marketplace.rollBack, { params })
    case 'retry':
      return callApi(marketplace.retry, { params })
    case 'credentials/rotate':
      return callApi(marketplace.rotateCredentials, { params })
  }
}

/**
 * A change to one installation: the installation the server answers with (202, its operation under
 * way) replaces the cached one, what the change touches refreshes (the contract's `changes`), and
 * the outcome is toasted — a refusal with the server's own message (409 while another operation runs).
 */
export function useInstallationChange(id: string) {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: (change: Change) => callChange(id, change),
    // One mutation calls one of several endpoints.
    meta: changesOf(...CHANGE_ENDPOINTS),
    onSuccess: (installation, change) => {
      queryClient.setQueryData(installationKeys.detail(id), installation)
      toast({
        variant: 'success',
        title: t('installations.toast.started'),
        description: t(
          `installations.toast.${change.action === 'credentials/rotate' ? 'rotate' : change.action}`,
        ),
      })
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: t('installations.toast.failed'), description: error.message }),
  })
}

/** The password, once the person's own password is typed again (the audit log records who saw it). */
export function useRevealCredentials(id: string) {
  return useApiMutation(marketplace.revealCredentials, {
    input: (password: string) => ({ params: { id }, body: { password } }),
  })
}
