import type { KubernetesVersionRow } from '../schema/catalog.ts'

/**
 * Supported Kubernetes minor versions, newest first. End of life follows the upstream policy
 * (about 14 months after release); the default is the newest version out for a few months.
 */
export const KUBERNETES_VERSIONS: KubernetesVersionRow[] = [
  {
    version: '1.37',
    latestPatch: '1.37.2',
    releaseDate: '2026-08-25',
    endOfLifeDate: '2027-10-28',
    isDefault: false,
  },
  {
    version: '1.36',
    latestPatch: '1.36.6',
    releaseDate: '2026-04-22',
    endOfLifeDate: '2027-06-28',
    isDefault: true,
  },
  {
    version: '1.35',
    latestPatch: '1.35.10',
    releaseDate: '2025-12-17',
    endOfLifeDate: '2027-02-28',
    isDefault: false,
  },
  {
    version: '1.34',
    latestPatch: '1.34.14',
    releaseDate: '2025-08-27',
    endOfLifeDate: '2026-10-27',
    isDefault: false,
  },
]
