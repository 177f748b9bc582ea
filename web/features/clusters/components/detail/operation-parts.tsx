/** What a cluster shows in the middle of an operation or once failed: most clusters are neither. */
export { FailedCluster } from '../cluster-live-status.tsx'
export { OperationProgress } from '../operation-progress.tsx'
