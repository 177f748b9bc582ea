import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { certificateAuthority, selfSignedCaCertificate, servingCertificate } from './certificate.ts'

const HOST = 'web-prod-3f2b8c.de-fra-1.k8s.clusterdeck.eu'

describe('cluster certificates', () => {
  it('makes a self-signed CA that keeps its key', () => {
    const ca = certificateAuthority({ commonName: 'kubernetes', notBefore: new Date() })
    const certificate = new X509Certificate(ca.certificate)
    expect(certificate.ca).toBe(true)
    expect(certificate.subject).toBe('CN=kubernetes')
    expect(certificate.verify(certificate.publicKey)).toBe(true)
    // The key is the certificate's own.
    const derived = createPublicKey(createPrivateKey(ca.privateKey)).export({ type: 'spki', format: 'der' })
    expect(derived.equals(certificate.publicKey.export({ type: 'spki', format: 'der' }))).toBe(true)
    expect(
      new X509Certificate(selfSignedCaCertificate({ commonName: 'kubernetes', notBefore: new Date() })).ca,
    ).toBe(true)
  })

  it('issues a serving certificate the CA verifies, for the cluster host only', () => {
    const ca = certificateAuthority({ commonName: 'kubernetes', notBefore: new Date() })
    const serving = servingCertificate({ ca, hostNames: [HOST, 'kubernetes.default', '127.0.0.1'] })
    const leaf = new X509Certificate(serving.certificate)
    const authority = new X509Certificate(ca.certificate)
    expect(leaf.verify(authority.publicKey)).toBe(true)
    expect(leaf.checkIssued(authority)).toBe(true)
    expect(leaf.ca).toBe(false)
    expect(leaf.issuer).toBe('CN=kubernetes')
    expect(leaf.subject).toBe('CN=kube-apiserver')
    expect(leaf.checkHost(HOST)).toBe(HOST)
    expect(leaf.checkHost('other.de-fra-1.k8s.clusterdeck.eu')).toBeUndefined()
    expect(leaf.checkIP('127.0.0.1')).toBe('127.0.0.1')
    expect(leaf.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1'])
    expect(leaf.subjectAltName).toContain(`DNS:${HOST}`)
    expect(new Date(leaf.validFrom).getTime()).toBeLessThan(Date.now())
    expect(new Date(leaf.validTo).getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000)
    // Another CA did not sign it.
    const other = new X509Certificate(
      certificateAuthority({ commonName: 'kubernetes', notBefore: new Date() }).certificate,
    )
    expect(leaf.verify(other.publicKey)).toBe(false)
    // Its key pairs with it.
    const derived = createPublicKey(createPrivateKey(serving.privateKey)).export({
      type: 'spki',
      format: 'der',
    })
    expect(derived.equals(leaf.publicKey.export({ type: 'spki', format: 'der' }))).toBe(true)
  })
})
