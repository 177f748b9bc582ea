import { lazy } from 'react'
import { WhenPageIsIdle } from '#web/components/layout/when-page-is-idle.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { SectionCard } from '#web/components/ui/section-card.tsx'
import { LoadingBlock, Skeleton } from '#web/components/ui/skeleton.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useLanguage } from '#web/lib/preferences/preferences-provider.tsx'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useCredits } from '../api/billing-queries.ts'
import '#web/lib/strings/billing.ts'

/**
 * The form and its validator load once the page's reads have come: the balance and its ledger are
 * what the screen opens on. Until then a block of the form's height keeps its place.
 */
const BuyCreditsForm = lazy(() => import('./buy-credits-form.tsx'))

/** The prepaid balance, what expires soon, its ledger and, for admins, "buy credits". */
export function CreditsSection({ canPay, cardPayments }: { canPay: boolean; cardPayments: boolean }) {
  const { t } = useTranslation()
  const money = useMoney()
  const dates = useDateFormat()
  const { language } = useLanguage()
  const credits = useCredits()
  return (
    <SectionCard
      id="credits"
      title={t('billing.credits.title')}
      description={t('billing.credits.description')}
    >
      {credits.isPending ? (
        <CreditsLoading label={t('billing.credits.loading')} withForm={canPay && cardPayments} />
      ) : credits.isError ? (
        <LoadError title={t('billing.credits.loadFailed')} query={credits} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <div className="grid content-start gap-3">
            <div>
              <p className="text-sm text-muted-foreground">{t('billing.credits.balance')}</p>
              <p className="text-3xl font-semibold tabular-nums" data-testid="credits-balance">
                {money.cents(credits.data.balanceCents)}
              </p>
              {credits.data.expiringSoonCents > 0 && (
                <p className="text-sm text-muted-foreground">
                  {t('billing.credits.expiringSoon', { amount: money.cents(credits.data.expiringSoonCents) })}
                </p>
              )}
            </div>
            {canPay && cardPayments && <LaterBuyCreditsForm />}
            {canPay && !cardPayments && (
              <p className="text-sm text-muted-foreground">{t('billing.credits.cardsOff')}</p>
            )}
          </div>
          {credits.data.entries.length === 0 ? (
            <p
              className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground"
              data-testid="credits-empty"
            >
              {t('billing.credits.empty')}
            </p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm" data-testid="credit-history">
                <caption className="sr-only">{t('billing.credits.history')}</caption>
                <thead className="text-left text-xs text-muted-foreground uppercase">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      {t('billing.credits.date')}
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      {t('billing.credits.entry')}
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      {t('billing.credits.amount')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {credits.data.entries.map((entry) => (
                    <tr key={entry.id}>
                      <td className="py-2 pr-3 whitespace-nowrap">{dates.date(entry.createdAt)}</td>
                      <td className="py-2 pr-3">
                        {t(`billing.credits.kinds.${entry.kind}`)}
                        {entry.invoiceNumber && (
                          <span className="text-muted-foreground"> · {entry.invoiceNumber}</span>
                        )}
                        {entry.expiresAt && (
                          <span className="text-muted-foreground">
                            {' '}
                            · {t('billing.credits.expires', { date: dates.date(entry.expiresAt) })}
                          </span>
                        )}
                        {entry.note && (
                          <span className="block text-muted-foreground">
                            {language === 'fr' && entry.noteFrench ? entry.noteFrench : entry.note}
                          </span>
                        )}
                      </td>
                      <td className="py-2 pr-3 text-right tabular-nums">
                        {/* A grant shows what the officer typed, in the organization's currency. */}
                        {entry.entered
                          ? money.amount(entry.entered.amountCents, entry.entered.currency)
                          : money.cents(entry.amountCents)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </SectionCard>
  )
}

function LaterBuyCreditsForm() {
  const { t } = useTranslation()
  return (
    <WhenPageIsIdle
      fallback={<LoadingBlock label={t('common.loading')} rows={2} rowClassName={BUY_FORM_ROW} />}
    >
      <BuyCreditsForm />
    </WhenPageIsIdle>
  )
}

/**
 * The section's own shape while the balance loads — the balance (and the form for those who may
 * buy) beside or above a ledger of three entries — so the sections below stay put when it comes.
 */
function CreditsLoading({ label, withForm }: { label: string; withForm: boolean }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="grid gap-4 lg:grid-cols-[16rem_minmax(0,1fr)]"
      data-testid="loading"
    >
      <span className="sr-only">{label}</span>
      <div className="grid content-start gap-3">
        <Skeleton className="h-14" />
        {withForm && (
          <>
            <Skeleton className={BUY_FORM_ROW} />
            <Skeleton className={BUY_FORM_ROW} />
          </>
        )}
      </div>
      <Skeleton className="h-[15.125rem] lg:h-[11.375rem]" />
    </div>
  )
}

/** Two rows about as tall as the form: 142 px on a phone, 158 px in the wide layout's column. */
const BUY_FORM_ROW = 'h-17'
