import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { Order, OrderQuote } from '#common/schemas/clusters.ts'
import type {
  Installation,
  InstallationListQuery,
  InstallationOrderRequest,
  InstallationSummary,
} from '#common/schemas/installations.ts'
import { apiRequest, queryPath } from '#web/lib/api-client.ts'
import { toast } from '#web/lib/toast-store.ts'

export const INSTALLATIONS_PATH = '/api/installations'
/** While an operation runs the queries poll too, so a lost realtime message never leaves a page stuck. */
const POLL_WHILE_CHANGING_MS = 3_000

export const installationKeys = {
  all: () => [INSTALLATIONS_PATH] as const,
  list: (query: Partial<InstallationListQuery>) => [INSTALLATIONS_PATH, 'list', query] as const,
  detail: (id: string) => [INSTALLATIONS_PATH, 'detail', id] as const,
}

export function installationsQueryOptions(query: Partial<InstallationListQuery>) {
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  )
  return queryOptions({
    queryKey: installationKeys.list(query),
    queryFn: async ({ signal }) =>
      (await queryPath<{ items: InstallationSummary[] }>(`${INSTALLATIONS_PATH}?${search}`, 'throw', signal))!
        .items,
    refetchInterval: (current) =>
      current.state.data?.some((item) => item.activeOperation) ? POLL_WHILE_CHANGING_MS : false,
  })
}

export function installationQueryOptions(id: string) {
  return queryOptions({
    queryKey: installationKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await queryPath<Installation>(`${INSTALLATIONS_PATH}/${encodeURIComponent(id)}`, 'throw', signal))!,
    refetchInterval: (current) => (current.state.data?.activeOperation ? POLL_WHILE_CHANGING_MS : false),
  })
}

export const useInstallations = (query: Partial<InstallationListQuery>) =>
  useQuery(installationsQueryOptions(query))
export const useInstallation = (id: string) => useQuery(installationQueryOptions(id))

/** POST /api/installations/quote: the server's price, the promotion decided, and what its invoice charges. */
export function quoteInstallation(request: InstallationOrderRequest) {
  return apiRequest<OrderQuote>('POST', `${INSTALLATIONS_PATH}/quote`, request)
}

/** POST /api/installations with its Idempotency-Key: a retry returns the order already made. */
export function useOrderInstallation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({
      request,
      idempotencyKey,
    }: {
      request: InstallationOrderRequest
      idempotencyKey: string
    }) =>
      apiRequest<Order>('POST', INSTALLATIONS_PATH, request, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          typeof query.queryKey[0] === 'string' &&
          /^\/api\/(installations|orders|sidebar-counts)/.test(query.queryKey[0]),
      }),
  })
}

type Change =
  | { action: 'upgrade'; version: string; settings: Record<string, unknown> }
  | { action: 'reconfigure'; settings: Record<string, unknown> }
  | { action: 'rollback' | 'retry' | 'credentials/rotate' }
  | { action: 'uninstall'; confirmName: string }

/**
 * A change to one installation: the installation the server answers with (202, its operation under
 * way) replaces the cached one, the lists refresh, and the outcome is toasted — a refusal with the
 * server's own message (409 while another operation runs).
 */
export function useInstallationChange(id: string) {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: (change: Change) => {
      const path = `${INSTALLATIONS_PATH}/${encodeURIComponent(id)}`
      switch (change.action) {
        case 'upgrade':
          return apiRequest<Installation>('POST', `${path}/upgrade`, {
            version: change.version,
            settings: change.settings,
          })
        case 'reconfigure':
          return apiRequest<Installation>('POST', `${path}/reconfigure`, { settings: change.settings })
        case 'uninstall':
          return apiRequest<Installation>('DELETE', path, { confirmName: change.confirmName })
        default:
          return apiRequest<Installation>('POST', `${path}/${change.action}`)
      }
    },
    onSuccess: (installation, change) => {
      queryClient.setQueryData(installationKeys.detail(id), installation)
      toast({
        variant: 'success',
        title: t('installations.toast.started'),
        description: t(
          `installations.toast.${change.action === 'credentials/rotate' ? 'rotate' : change.action}`,
        ),
      })
      return queryClient.invalidateQueries({ queryKey: installationKeys.all() })
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: t('installations.toast.failed'), description: error.message }),
  })
}

/** POST …/credentials/reveal: the password, once the person's own password is typed again. */
export function revealCredentials(id: string, password: string) {
  return apiRequest<{ username: string; password: string }>(
    'POST',
    `${INSTALLATIONS_PATH}/${encodeURIComponent(id)}/credentials/reveal`,
    { password },
  )
}
