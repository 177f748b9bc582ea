/**
 * The clusters module's front door: what other parts of the server may use. Its other files are its own.
 *
 * Clusters builds on auth (a kubeconfig needs a proven address; a token review asks the account
 * gate): auth ← clusters. Auth's revocation ends kubeconfigs through revokeClusterCredentialsOf,
 * which server/app.ts hands to auth at start-up (onRevokeClusterCredentials).
 */
export { startKubeApiListener } from './control-plane/listener.ts'
export { revokeClusterCredentialsOf } from './kubeconfig.ts'
export { findCluster } from './service.ts'
