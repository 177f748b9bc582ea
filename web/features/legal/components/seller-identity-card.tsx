import type { ReactNode } from 'react'
import type { Language } from '#common/language.ts'
import type { PublicSellerIdentity } from '#common/schemas/legal.ts'
import { addressLines, rcsText, sirenText } from '#common/seller-identity.ts'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { SectionCard } from '#web/components/ui/section-card.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useLanguage } from '#web/lib/preferences/preferences-provider.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useSellerIdentity } from '../api/get-seller-identity.ts'
import '#web/lib/strings/legal.ts'

const LINK_CLASS = 'font-medium text-primary underline-offset-4 hover:underline'

/**
 * Who runs the service, as the operator configured it (SELLER_*): the company's name and form,
 * its registered office, registration and VAT numbers, and how to reach support and billing.
 */
export function SellerIdentityCard() {
  const { t } = useTranslation()
  const { language } = useLanguage()
  const query = useSellerIdentity()
  return (
    <SectionCard id="seller-identity" title={t('legal.seller.title')}>
      {query.isPending ? (
        <LoadingBlock label={t('legal.seller.loading')} rows={4} />
      ) : query.isError ? (
        <LoadError title={t('legal.seller.loadFailed')} query={query} />
      ) : (
        <SellerIdentityDetails identity={query.data} language={language} />
      )}
    </SectionCard>
  )
}

function SellerIdentityDetails({
  identity,
  language,
}: {
  identity: PublicSellerIdentity
  language: Language
}) {
  const { t } = useTranslation()
  const { supportEmail, billingEmail, phone } = identity.contacts
  return (
    <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2 lg:grid-cols-1">
      <Detail label={t('legal.seller.company')} testId="seller-company">
        <span className="block font-medium">{identity.legalName}</span>
        <span className="block text-muted-foreground">{identity.legalForm}</span>
      </Detail>
      <Detail label={t('legal.seller.registeredOffice')} testId="seller-address">
        {addressLines(identity, language).map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </Detail>
      <Detail label={t('legal.seller.registration')} testId="seller-registration">
        <span className="block">{rcsText(identity)}</span>
        <span className="block">{sirenText(identity)}</span>
      </Detail>
      <Detail label={t('legal.seller.vatNumber')} testId="seller-vat-number">
        {identity.vatNumber}
      </Detail>
      <Detail label={t('legal.seller.supportEmail')} testId="seller-support-email">
        <a className={LINK_CLASS} href={`mailto:${supportEmail}`}>
          {supportEmail}
        </a>
      </Detail>
      <Detail label={t('legal.seller.billingEmail')} testId="seller-billing-email">
        <a className={LINK_CLASS} href={`mailto:${billingEmail}`}>
          {billingEmail}
        </a>
      </Detail>
      {phone && (
        <Detail label={t('legal.seller.phone')} testId="seller-phone">
          <a className={LINK_CLASS} href={`tel:${phone.replace(/[^+\d]/g, '')}`}>
            {phone}
          </a>
        </Detail>
      )}
    </dl>
  )
}

function Detail({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 content-start gap-1">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="min-w-0 wrap-anywhere" data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}
