import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { formatCents, MILLICENTS_PER_CENT } from '#common/pricing.ts'
import type { ClusterType } from '#common/schemas/catalog.ts'
import { useCurrency } from '#web/features/preferences/preferences-provider.tsx'
import { CLUSTER_TYPE_COPY_FR } from '#web/site/cluster-type-copy-fr.ts'

/**
 * Amounts in the visitor's currency at today's rates, with the shared formatting: USD cents are
 * converted once and shown with 2 decimals ($, €, £).
 */
export function useMoney() {
  const { currency, rates } = useCurrency()
  const cents = useCallback((usdCents: number) => formatCents(usdCents, currency, rates), [currency, rates])
  /** An hourly price held in milli-cents. */
  const hourly = useCallback(
    (usdMillicents: number) => formatCents(Math.round(usdMillicents / MILLICENTS_PER_CENT), currency, rates),
    [currency, rates],
  )
  return useMemo(() => ({ currency, rates, cents, hourly }), [currency, rates, cents, hourly])
}

/** A cluster type's tagline, features and use cases in the page's language. */
export function useClusterTypeCopy() {
  const { i18n } = useTranslation()
  const french = i18n.language === 'fr'
  return useCallback(
    (type: ClusterType) => {
      const copy = french ? CLUSTER_TYPE_COPY_FR[type.id as keyof typeof CLUSTER_TYPE_COPY_FR] : undefined
      return {
        tagline: copy?.tagline ?? type.tagline,
        includedFeatures: copy?.includedFeatures ?? type.includedFeatures,
        useCases: copy?.useCases ?? type.useCases,
      }
    },
    [french],
  )
}
