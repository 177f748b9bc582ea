import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Order } from '#common/schemas/clusters.ts'
import type {
  CustomSolution,
  CustomSolutionRequest,
  CustomSolutionStatus,
  QuoteRequest,
} from '#common/schemas/custom-solutions.ts'
import { apiRequest, queryPath } from '#web/lib/api-client.ts'

export const CUSTOM_SOLUTIONS_PATH = '/api/custom-solutions'
export const OFFICER_CUSTOM_SOLUTIONS_PATH = '/api/officers/custom-solutions'

export const customSolutionsQueryOptions = queryOptions({
  queryKey: [CUSTOM_SOLUTIONS_PATH],
  queryFn: async ({ signal }) =>
    (await queryPath<{ items: CustomSolution[] }>(CUSTOM_SOLUTIONS_PATH, 'throw', signal))!.items,
})

export function officerCustomSolutionsQueryOptions(status: CustomSolutionStatus | null) {
  return queryOptions({
    queryKey: [OFFICER_CUSTOM_SOLUTIONS_PATH, status],
    queryFn: async ({ signal }) =>
      (await queryPath<{ items: CustomSolution[] }>(
        `${OFFICER_CUSTOM_SOLUTIONS_PATH}${status ? `?status=${status}` : ''}`,
        'throw',
        signal,
      ))!.items,
  })
}

export const useCustomSolutions = () => useQuery(customSolutionsQueryOptions)
export const useOfficerCustomSolutions = (status: CustomSolutionStatus | null) =>
  useQuery(officerCustomSolutionsQueryOptions(status))

function useRefreshing<Variables, Answer>(request: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: request,
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          typeof query.queryKey[0] === 'string' &&
          /^\/api\/(custom-solutions|officers\/custom-solutions|orders)/.test(query.queryKey[0]),
      }),
  })
}

export const useSubmitCustomSolution = () =>
  useRefreshing((request: CustomSolutionRequest) =>
    apiRequest<CustomSolution>('POST', CUSTOM_SOLUTIONS_PATH, request),
  )

export const useAnswerQuote = () =>
  useRefreshing(
    ({
      id,
      quoteId,
      accept,
      reason,
    }: {
      id: string
      quoteId: string
      accept: boolean
      reason?: string | null
    }) =>
      accept
        ? apiRequest<Order | CustomSolution>(
            'POST',
            `${CUSTOM_SOLUTIONS_PATH}/${id}/quotes/${quoteId}/accept`,
          )
        : apiRequest<Order | CustomSolution>(
            'POST',
            `${CUSTOM_SOLUTIONS_PATH}/${id}/quotes/${quoteId}/decline`,
            {
              reason: reason ?? null,
            },
          ),
  )

export const useSendQuote = () =>
  useRefreshing(({ id, quote }: { id: string; quote: QuoteRequest }) =>
    apiRequest<CustomSolution>('POST', `${OFFICER_CUSTOM_SOLUTIONS_PATH}/${id}/quotes`, quote),
  )
