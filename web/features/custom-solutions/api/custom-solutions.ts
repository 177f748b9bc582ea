import { queryOptions, useQuery } from '@tanstack/react-query'
import { customSolutions } from '#common/contract/custom-solutions.ts'
import type {
  CustomSolutionRequest,
  CustomSolutionStatus,
  QuoteRequest,
} from '#common/schemas/custom-solutions.ts'
import { useApiMutation } from '#web/lib/api/mutations.ts'
import { apiQuery } from '#web/lib/api/queries.ts'

/*
 * The customer's requests and answers, and the officers' quotes. Each change refreshes what the
 * contract says it changes: the requests on both sides, and the orders when a quote is accepted.
 */

export const customSolutionsQueryOptions = queryOptions({
  ...apiQuery(customSolutions.list),
  select: (answer) => answer.items,
})

export function officerCustomSolutionsQueryOptions(status: CustomSolutionStatus | null) {
  return queryOptions({
    ...apiQuery(customSolutions.officerList, { query: status ? { status } : {} }),
    select: (answer) => answer.items,
  })
}

export const useCustomSolutions = () => useQuery(customSolutionsQueryOptions)
export const useOfficerCustomSolutions = (status: CustomSolutionStatus | null) =>
  useQuery(officerCustomSolutionsQueryOptions(status))

export const useSubmitCustomSolution = () =>
  useApiMutation(customSolutions.submit, { input: (request: CustomSolutionRequest) => ({ body: request }) })

type QuoteOfRequest = { id: string; quoteId: string }

/** Accepting the open quote makes it a confirmed order. */
export const useAcceptQuote = () =>
  useApiMutation(customSolutions.acceptQuote, { input: (params: QuoteOfRequest) => ({ params }) })

export const useDeclineQuote = () =>
  useApiMutation(customSolutions.declineQuote, {
    input: ({ reason, ...params }: QuoteOfRequest & { reason: string | null }) => ({
      params,
      body: { reason },
    }),
  })

export const useSendQuote = () =>
  useApiMutation(customSolutions.sendQuote, {
    input: ({ id, quote }: { id: string; quote: QuoteRequest }) => ({ params: { id }, body: quote }),
  })
