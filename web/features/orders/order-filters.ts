import { ORDER_STATUSES, type OrderStatus } from '#common/schemas/statuses.ts'

/** The statuses a person filters the order list by (drafts never reach the list). */
export const ORDER_FILTER_STATUSES = ORDER_STATUSES.filter((status) => status !== 'draft')

const STATUS_PARAM = 'status'

export function orderStatusFromSearchParams(params: URLSearchParams): OrderStatus | null {
  const status = params.get(STATUS_PARAM)
  return (ORDER_STATUSES as readonly string[]).includes(status ?? '') ? (status as OrderStatus) : null
}

export function searchParamsWithOrderStatus(
  current: URLSearchParams,
  status: OrderStatus | null,
): URLSearchParams {
  const next = new URLSearchParams(current)
  if (status) next.set(STATUS_PARAM, status)
  else next.delete(STATUS_PARAM)
  return next
}
