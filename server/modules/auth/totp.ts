import { generateSecret, generateURI, verify } from 'otplib'

const ISSUER = 'Clusterdeck'

export function newTotpSecret(): string {
  return generateSecret()
}

export function totpUri(secret: string, accountName: string): string {
  return generateURI({ issuer: ISSUER, label: accountName, secret })
}

/** Accepts the current code and the one either side of it (30 s of clock drift). */
export async function isValidTotp(secret: string, code: string): Promise<boolean> {
  try {
    const result = await verify({ secret, token: code, epochTolerance: 30 })
    return result.valid
  } catch {
    return false
  }
}
