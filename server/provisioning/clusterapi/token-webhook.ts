import { stringify } from 'yaml'

/**
 * The kubeconfig tokens Clusterdeck hands out are checked by Clusterdeck itself: the workload
 * cluster's API server asks POST /api/clusters/{id}/token-review (Kubernetes webhook token
 * authentication), so a credential rotation in the portal takes effect in the cluster at once.
 */

const WEBHOOK_CONFIG_PATH = '/etc/kubernetes/clusterdeck-token-webhook.yaml'

/** The kubeadm settings that point the API server at the portal's token review. */
export function tokenWebhookSettings(tokenReviewUrl: string) {
  const webhookKubeconfig = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'clusterdeck', cluster: { server: tokenReviewUrl } }],
    users: [{ name: 'kube-apiserver', user: {} }],
    contexts: [{ name: 'token-review', context: { cluster: 'clusterdeck', user: 'kube-apiserver' } }],
    'current-context': 'token-review',
  }
  return {
    file: {
      path: WEBHOOK_CONFIG_PATH,
      owner: 'root:root',
      permissions: '0600',
      content: stringify(webhookKubeconfig),
    },
    extraArgs: {
      'authentication-token-webhook-config-file': WEBHOOK_CONFIG_PATH,
      'authentication-token-webhook-version': 'v1',
    },
    extraVolume: {
      name: 'clusterdeck-token-webhook',
      hostPath: WEBHOOK_CONFIG_PATH,
      mountPath: WEBHOOK_CONFIG_PATH,
      readOnly: true,
      pathType: 'File',
    },
  }
}
