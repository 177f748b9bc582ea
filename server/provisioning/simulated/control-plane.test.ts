import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { driverCluster, nodePool } from '#tests/helpers/driver-cluster.ts'
import { clusterEndpoint, createSimulatedDriver, STEP_SECONDS } from './driver.ts'

/** What the simulated control plane hands over for the clusters' Kubernetes API listener. */

const cluster = driverCluster('web-prod', [nodePool('web', 'gp-4-16', 2)])

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
