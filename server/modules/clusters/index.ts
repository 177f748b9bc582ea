/** The clusters module's front door: what other parts of the server may use. Its other files are its own. */
export { revokeClusterCredentialsOf } from './kubeconfig.ts'
export { findCluster } from './service.ts'
