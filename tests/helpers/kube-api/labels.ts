/** The labels Cluster API's controllers put on what they create, and look for. */
export const CLUSTER_NAME_LABEL = 'cluster.x-k8s.io/cluster-name'
export const CONTROL_PLANE_LABEL = 'cluster.x-k8s.io/control-plane'
export const DEPLOYMENT_NAME_LABEL = 'cluster.x-k8s.io/deployment-name'
