/**
 * The URLs of the cluster screens (spec §2) and of the API calls a link or download points at.
 * Ids are path segments: always encoded.
 */
const segment = (id: string) => encodeURIComponent(id)

export const clusterPaths = {
  list: () => '/my-clusters',
  detail: (id: string) => `/clusters/${segment(id)}`,
  status: (id: string) => `/clusters/${segment(id)}/status`,
  topology: (id: string) => `/clusters/${segment(id)}/topology`,
  /** The wizard, prefilled with this cluster's configuration ("Duplicate"). */
  duplicate: (id: string) => `/configure-cluster?${new URLSearchParams({ from: id })}`,
  configure: () => '/configure-cluster',
  /** GET: the signed-in person's kubeconfig file (an attachment the browser saves). */
  kubeconfig: (id: string) => `/api/clusters/${segment(id)}/kubeconfig`,
} as const
