import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { DEFAULT_POD_CIDR, DEFAULT_SERVICE_CIDR } from '#common/schemas/clusters.ts'
import type { DriverCluster } from '../driver.ts'
import { clusterEndpoint, createSimulatedDriver, STEP_SECONDS } from './driver.ts'

/** What the simulated control plane hands over for the clusters' Kubernetes API listener. */

const cluster: DriverCluster = {
  id: '3f2b8c1e-0d4a-4b6e-9a51-7c2d9e8f1a23',
  organizationId: '8a1c2d3e-4f50-4617-8829-3a4b5c6d7e8f',
  name: 'web-prod',
  kubernetesPatch: '1.36.6',
  dataCenter: { code: 'DE-FRA-1', city: 'Frankfurt', countryCode: 'DE', provider: 'Hetzner' },
  configuration: {
    name: 'web-prod',
    clusterTypeId: 'blue',
    dataCenterCode: 'DE-FRA-1',
    kubernetesVersion: '1.36',
    nodePools: [
      {
        name: 'web',
        flavorId: 'gp-4-16',
        nodeCount: 2,
        autoscaling: { enabled: false, min: 2, max: 2 },
        labels: {},
        taints: [],
      },
    ],
    networking: {
      cni: 'cilium',
      privateNetwork: true,
      podCidr: DEFAULT_POD_CIDR,
      serviceCidr: DEFAULT_SERVICE_CIDR,
      apiAllowList: [],
    },
    addOnIds: [],
    maintenanceWindow: { day: 'sunday', startHour: 2, autoPatchUpgrades: true },
  },
}

describe('the simulated control plane', () => {
  it('keeps its CA’s key: the control_plane step returns it with the certificate', async () => {
    const driver = createSimulatedDriver({ speed: 1, failureRate: 0 })
    const startedAt = new Date(Date.now() - STEP_SECONDS.control_plane * 1000 - 1000)
    const outcome = await driver.create(cluster, { name: 'control_plane', startedAt, attempts: 1 })
    if (outcome.state !== 'done') throw new Error(`control_plane is ${outcome.state}`)
    const certificate = new X509Certificate(outcome.caCertificate!)
    const publicKey = createPublicKey(createPrivateKey(outcome.caKey!))
    expect(
      publicKey
        .export({ type: 'spki', format: 'der' })
        .equals(certificate.publicKey.export({ type: 'spki', format: 'der' })),
    ).toBe(true)
  })

  it('writes kubeconfigs for the product’s listener, naming the cluster’s host as TLS server name', async () => {
    const driver = createSimulatedDriver({ speed: 1, failureRate: 0, kubeApiUrl: 'https://localhost:6443' })
    const ca = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n'
    const text = await driver.kubeconfig(
      { ...cluster, endpoint: clusterEndpoint(cluster), caCertificate: ca },
      { userName: 'dana@web-prod', token: 'cdk_secret-token', expiresAt: new Date('2026-12-03T10:00:00Z') },
    )
    expect(parse(text).clusters).toEqual([
      {
        name: 'web-prod',
        cluster: {
          server: 'https://localhost:6443',
          'tls-server-name': 'web-prod-3f2b8c.de-fra-1.k8s.clusterdeck.eu',
          'certificate-authority-data': Buffer.from(ca).toString('base64'),
        },
      },
    ])
  })
})
