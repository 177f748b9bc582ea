import type { Language } from '#common/language.ts'

/**
 * What an invoice line says it is. The meter writes each resource's description in English when
 * it opens a billable period (it is compared there to notice a change), and the invoice keeps it;
 * an invoice or credit note in French reads it back in French. The English wording and its
 * French reading live here side by side, so neither changes without the other.
 */

export const lineDescription = {
  controlPlane: (typeName: string) => `Control plane (${typeName})`,
  nodePool: (pool: string, nodeCount: number, flavor: string) =>
    `Node pool ${pool}: ${nodeCount} × ${flavor}`,
  addOn: (name: string) => `Add-on ${name}`,
  installation: (product: string, plan: string | null, namespace: string) =>
    `${product}${plan ? ` ${plan}` : ''} in ${namespace}`,
  supportPlan: (name: string) => `Support plan ${name}`,
  yearlyCommitment: (billedMonths: number, orderReference: string) =>
    `Yearly commitment, 12 months billed as ${billedMonths} (order ${orderReference})`,
  promotion: (code: string | null) => `Promotion ${code ?? ''}`.trim(),
  correction: (invoiceNumber: string, reason: string) => `Correction of invoice ${invoiceNumber}: ${reason}`,
}

/** Each English wording above, matched whole, and its French reading; the first match wins. */
const FRENCH: [RegExp, (parts: string[]) => string][] = [
  // First: an officer's reason is free text and may read like any other wording.
  [
    /^Correction of invoice (\S+): ([\s\S]*)$/,
    ([number, reason]) => `Rectification de la facture ${number} : ${reason}`,
  ],
  [/^Control plane \((.+)\)$/, ([type]) => `Plan de contrôle (${type})`],
  [
    /^Node pool (.+): (\d+) × (.+)$/,
    ([pool, count, flavor]) => `Pool de nœuds ${pool} : ${count} × ${flavor}`,
  ],
  [/^Add-on (.+)$/, ([name]) => `Module complémentaire ${name}`],
  [/^Support plan (.+)$/, ([name]) => `Plan de support ${name}`],
  [
    /^Yearly commitment, 12 months billed as (\d+) \(order (.+)\)$/,
    ([months, reference]) => `Engagement annuel, 12 mois facturés ${months} (commande ${reference})`,
  ],
  // A namespace is a DNS label: the last " in " of the line is the installation's.
  [/^(.+) in ([a-z0-9]([-a-z0-9]*[a-z0-9])?)$/, ([product, namespace]) => `${product} dans ${namespace}`],
]

/** A stored line description as the document prints it in its language. */
export function lineDescriptionIn(description: string, language: Language): string {
  if (language === 'en') return description
  for (const [pattern, french] of FRENCH) {
    const match = pattern.exec(description)
    if (match) return french(match.slice(1) as string[])
  }
  return description
}
