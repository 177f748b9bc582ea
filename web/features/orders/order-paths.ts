/** The URLs of the order screens (spec §2). */
export const orderPaths = {
  list: () => '/orders',
  statusList: () => '/order-status',
  status: (id: string) => `/order-status/${encodeURIComponent(id)}`,
  /** The live page of an order just placed. */
  provisioning: (id: string) => `/cluster-provisioning?${new URLSearchParams({ order: id })}`,
} as const
