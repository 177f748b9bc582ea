import { BookOpen, CreditCard, GraduationCap, LifeBuoy, ListChecks, Wrench } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import type { SupportPlan } from '#common/schemas/catalog.ts'
import { TICKET_PRIORITIES } from '#common/schemas/ticket-priorities.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useSupportOverview } from '../api/support.ts'
import { useTicketLiveUpdates } from '../hooks/use-ticket-live-updates.ts'
import { PlanUpgradeButton } from './plan-upgrade-button.tsx'
import { TicketSummaries } from './ticket-list.tsx'
import '#web/lib/strings/support.ts'

/** /support for a member: the plan and its targets, the plans above it, the open tickets, the ways to help. */
export function SupportHub() {
  const { t } = useTranslation()
  useTicketLiveUpdates()
  const overview = useSupportOverview()
  return (
    <div className="grid gap-8">
      <nav aria-label={t('pages.support')} className="grid gap-3 sm:grid-cols-3">
        <HubLink
          route="technicalSupport"
          icon={<Wrench />}
          title={t('support.hub.technical')}
          text={t('support.hub.technicalLead')}
        />
        <HubLink
          route="billingSupport"
          icon={<CreditCard />}
          title={t('support.hub.billing')}
          text={t('support.hub.billingLead')}
        />
        <HubLink
          route="supportOrders"
          icon={<ListChecks />}
          title={t('support.hub.allTickets')}
          text={t('support.list.lead')}
        />
      </nav>
      {overview.isPending ? (
        <LoadingBlock label={t('support.hub.loading')} rows={3} />
      ) : overview.isError ? (
        <LoadError title={t('support.hub.loadFailed')} query={overview} />
      ) : (
        <>
          <section aria-labelledby="support-open-tickets" className="grid gap-3">
            <h2 id="support-open-tickets" className="text-lg font-semibold">
              {t('support.hub.openTickets')}
            </h2>
            {overview.data.openTickets.length === 0 ? (
              <p className="rounded-xl border border-dashed p-6 text-muted-foreground">
                {t('support.hub.noOpenTickets')}
              </p>
            ) : (
              <TicketSummaries tickets={overview.data.openTickets} label={t('support.hub.openTickets')} />
            )}
          </section>
          <PlanCard plan={overview.data.plan} />
          {overview.data.higherPlans.length > 0 && (
            <section aria-labelledby="support-upgrade" className="grid gap-3">
              <h2 id="support-upgrade" className="text-lg font-semibold">
                {t('support.hub.upgradeLead')}
              </h2>
              <ul className="grid gap-3 md:grid-cols-2">
                {overview.data.higherPlans.map((plan) => (
                  <li key={plan.id}>
                    <PlanCard plan={plan} upgrade />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
      <section aria-labelledby="support-resources" className="grid gap-3">
        <h2 id="support-resources" className="text-lg font-semibold">
          {t('support.hub.resources')}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={href('documentation')}>
              <BookOpen aria-hidden="true" className="size-4" />
              {t('support.hub.documentation')}
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={href('tutorials')}>
              <GraduationCap aria-hidden="true" className="size-4" />
              {t('support.hub.tutorials')}
            </a>
          </Button>
          <span className="flex items-center gap-2 px-2 text-sm text-muted-foreground">
            <span aria-hidden="true" className="size-2 rounded-full bg-success" />
            {t('support.hub.status')}
          </span>
        </div>
      </section>
    </div>
  )
}

function HubLink({
  route,
  icon,
  title,
  text,
}: {
  route: 'technicalSupport' | 'billingSupport' | 'supportOrders'
  icon: ReactNode
  title: string
  text: string
}) {
  return (
    <Link
      to={href(route)}
      className="grid gap-1 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&_svg]:size-5 [&_svg]:text-primary"
    >
      <span className="flex items-center gap-2 font-semibold">
        {icon}
        {title}
      </span>
      <span className="text-sm text-muted-foreground">{text}</span>
    </Link>
  )
}

/** A plan: price, coverage, the response targets of each priority, and for a higher plan its upgrade. */
function PlanCard({ plan, upgrade = false }: { plan: SupportPlan; upgrade?: boolean }) {
  const { t } = useTranslation()
  const format = useDateFormat()
  const money = useMoney()
  return (
    <section
      className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm"
      aria-label={upgrade ? plan.name : t('support.hub.yourPlan')}
      data-testid={upgrade ? `support-plan-${plan.id}` : 'support-plan'}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          {!upgrade && <p className="text-sm text-muted-foreground">{t('support.hub.yourPlan')}</p>}
          <h2 className="flex items-center gap-2 text-xl font-semibold">
            <LifeBuoy aria-hidden="true" className="size-5 text-primary" />
            {plan.name}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t('support.hub.perMonth', { price: money.cents(plan.monthlyPriceCents) })} ·{' '}
            {t(`support.coverage.${plan.coverage}`)}
          </p>
        </div>
        {upgrade && <PlanUpgradeButton plan={plan} />}
      </div>
      <table className="w-full text-sm">
        <caption className="sr-only">{t('support.hub.targets')}</caption>
        <thead>
          <tr className="text-left text-muted-foreground">
            <th scope="col" className="py-1 font-medium">
              {t('support.form.priority')}
            </th>
            <th scope="col" className="py-1 font-medium">
              {t('support.hub.firstResponse')}
            </th>
            <th scope="col" className="py-1 font-medium">
              {t('support.hub.nextResponse')}
            </th>
          </tr>
        </thead>
        <tbody>
          {TICKET_PRIORITIES.map((priority) => {
            const targets = plan.responseTargets[priority]
            return (
              <tr key={priority} className="border-t">
                <th scope="row" className="py-1.5 text-left font-normal">
                  <Badge
                    variant={priority === 'P1' ? 'destructive' : 'secondary'}
                    title={t(`support.priority.${priority}`)}
                  >
                    {priority}
                  </Badge>
                </th>
                <td className="py-1.5 tabular-nums">
                  {targets ? format.duration(targets.firstMinutes) : t('support.hub.notCovered')}
                </td>
                <td className="py-1.5 tabular-nums">
                  {targets ? format.duration(targets.nextMinutes) : '—'}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}
