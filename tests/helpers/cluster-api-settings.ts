import type { ClusterApiSettings } from '#server/provisioning/index.ts'

/** What the clusterapi driver renders with in tests: current API versions and every provider's settings. */
export const CLUSTER_API_SETTINGS: ClusterApiSettings = {
  generation: 'v1beta2',
  providers: {
    scalewayProjectId: '3f1c2b9e-5d4a-4c3b-9a8e-7f6d5c4b3a21',
    digitalOceanSshKeys: [41_887_623, '3b:16:bf:e4:8b:00:8b:b8:59:8c:a9:d3:f0:19:45:fa'],
  },
}

/** The same settings as the server's environment variables. */
export const CLUSTER_API_ENVIRONMENT = {
  CLUSTERAPI_SCALEWAY_PROJECT_ID: '3f1c2b9e-5d4a-4c3b-9a8e-7f6d5c4b3a21',
  CLUSTERAPI_DIGITALOCEAN_SSH_KEYS: '41887623,3b:16:bf:e4:8b:00:8b:b8:59:8c:a9:d3:f0:19:45:fa',
}
