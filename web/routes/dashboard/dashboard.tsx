import {
  ArrowRight,
  Bell,
  BookOpen,
  Calculator,
  CircleCheck,
  CirclePlus,
  CreditCard,
  Gauge,
  LifeBuoy,
  type LucideIcon,
  MailWarning,
  Puzzle,
  Server,
  ShoppingCart,
  Store,
  Wallet,
} from 'lucide-react'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useBillingSummary } from '#web/features/billing/api/billing-queries.ts'
import { useSidebarCounts } from '#web/features/dashboard/api/get-sidebar-counts.ts'
import { useNotificationCount } from '#web/features/notifications/api/get-notification-count.ts'
import { cn } from '#web/lib/cn.ts'
import { useUser } from '#web/lib/current-user.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import type { Messages } from '#web/locales/en.ts'
import '#web/lib/strings/dashboard.ts'

type ActionKey = keyof Messages['dashboard']['actions']
type QuickAction = { id: string; to: string; icon: LucideIcon; title: ActionKey; hint: ActionKey }

const QUICK_ACTIONS: QuickAction[] = [
  {
    id: 'configure',
    to: href('configureCluster'),
    icon: CirclePlus,
    title: 'configure',
    hint: 'configureHint',
  },
  { id: 'marketplace', to: href('marketplace'), icon: Store, title: 'marketplace', hint: 'marketplaceHint' },
  { id: 'add-ons', to: href('addOns'), icon: Puzzle, title: 'addOns', hint: 'addOnsHint' },
  { id: 'billing', to: href('billing'), icon: CreditCard, title: 'billing', hint: 'billingHint' },
  {
    id: 'estimator',
    to: href('priceEstimator'),
    icon: Calculator,
    title: 'estimator',
    hint: 'estimatorHint',
  },
  { id: 'support', to: href('supportOrders'), icon: LifeBuoy, title: 'support', hint: 'supportHint' },
]

/** The dashboard home: a welcome, the organization's figures and the usual next steps. */
export default function DashboardHome() {
  const { t } = useTranslation()
  const { user } = useUser()
  const signedIn = Boolean(user)
  const counts = useSidebarCounts({ enabled: signedIn }).data
  const unread = useNotificationCount({ enabled: signedIn }).data?.count
  // Money is for active members: a registration waiting for approval is refused it, and shows a dash.
  const member = user?.membershipStatus === 'active'
  const spend = useBillingSummary({ enabled: member }).data
  const money = useMoney()
  if (!user) return null

  const company = user.companyName || t('dashboard.organizationFallback')
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <p className="text-sm font-medium text-primary">{t('pages.dashboard')}</p>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {t('dashboard.welcome', { name: user.name || user.username })}
          </h1>
          <p className="text-muted-foreground">{t('dashboard.subtitle', { company })}</p>
        </div>
        <Button asChild className="self-start sm:self-auto">
          <Link to={href('configureCluster')}>
            <CirclePlus aria-hidden="true" />
            {t('dashboard.actions.configure')}
          </Link>
        </Button>
      </header>

      <section aria-label={t('pages.dashboard')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <StatCard
          id="clusters"
          icon={Server}
          label={t('dashboard.stats.clusters')}
          value={counts?.clusters}
          hint={t('dashboard.stats.clustersHint')}
          link={{ to: href('myClusters'), label: t('dashboard.viewClusters') }}
        />
        <StatCard
          id="orders"
          icon={ShoppingCart}
          label={t('dashboard.stats.orders')}
          value={counts?.orders.total}
          hint={t('dashboard.stats.ordersHint')}
          link={{ to: href('orders'), label: t('dashboard.viewOrders') }}
        />
        <StatCard
          id="notifications"
          icon={Bell}
          label={t('dashboard.stats.notifications')}
          value={unread}
          hint={t('dashboard.stats.notificationsHint')}
        />
        <StatCard
          id="spend"
          icon={Gauge}
          label={t('dashboard.stats.spend')}
          value={member ? spend && money.amount(spend.monthToDateCents, spend.billingCurrency) : '—'}
          hint={
            spend
              ? t('dashboard.stats.spendHint', {
                  forecast: money.amount(spend.forecastCents, spend.billingCurrency),
                })
              : ''
          }
          link={{ to: href('usage'), label: t('dashboard.viewUsage') }}
        />
        <StatCard
          id="credits"
          icon={Wallet}
          label={t('dashboard.stats.credits')}
          value={member ? spend && money.cents(spend.creditsBalanceCents) : '—'}
          hint={t('dashboard.stats.creditsHint')}
          link={{ to: href('billing'), label: t('dashboard.viewBilling') }}
        />
      </section>

      <div className="grid gap-8 lg:grid-cols-3">
        <section className="grid content-start gap-4 lg:col-span-2" aria-labelledby="quick-actions">
          <h2 id="quick-actions" className="text-lg font-semibold">
            {t('dashboard.quickActions')}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {QUICK_ACTIONS.map((action) => (
              <li key={action.id}>
                <Link
                  to={action.to}
                  className="group flex h-full items-start gap-3 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:border-primary/40 hover:bg-accent/40"
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                    <action.icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="grid min-w-0 flex-1 gap-0.5">
                    <span className="font-medium">{t(`dashboard.actions.${action.title}`)}</span>
                    <span className="text-sm text-muted-foreground">
                      {t(`dashboard.actions.${action.hint}`)}
                    </span>
                  </span>
                  <ArrowRight
                    className="mt-1 size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-primary"
                    aria-hidden="true"
                  />
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <aside className="grid content-start gap-4" aria-labelledby="organization">
          <h2 id="organization" className="text-lg font-semibold">
            {t('dashboard.organization')}
          </h2>
          <div className="rounded-xl border bg-card p-5 shadow-sm">
            <dl className="grid gap-3 text-sm">
              <Detail label={t('dashboard.company')} value={company} />
              <Detail
                label={t('dashboard.billingId')}
                value={user.companyId || t('dashboard.notAvailable')}
                mono
              />
              <Detail label={t('dashboard.role')} value={t(`dashboard.roles.${user.role}`)} />
              <div className="grid gap-1">
                <dt className="text-muted-foreground">{t('dashboard.email')}</dt>
                <dd className="flex flex-wrap items-center gap-2">
                  <span className="truncate font-medium">{user.email}</span>
                  {user.emailVerified ? (
                    <Badge variant="success">
                      <CircleCheck className="mr-1 size-3" aria-hidden="true" />
                      {t('dashboard.verified')}
                    </Badge>
                  ) : (
                    <Badge variant="warning">
                      <MailWarning className="mr-1 size-3" aria-hidden="true" />
                      {t('dashboard.notVerified')}
                    </Badge>
                  )}
                </dd>
              </div>
            </dl>
            {user.membershipStatus === 'pending' && (
              <p className="mt-4 rounded-md bg-warning/10 px-3 py-2 text-sm text-[color-mix(in_oklab,var(--warning),black_45%)] dark:text-warning">
                {t('dashboard.pendingMembership')}
              </p>
            )}
          </div>
          <div className="rounded-xl border bg-gradient-to-br from-primary/10 to-transparent p-5">
            <p className="flex items-center gap-2 font-medium">
              <BookOpen className="size-4 text-primary" aria-hidden="true" />
              {t('dashboard.help')}
            </p>
            <p className="mt-1 text-sm text-muted-foreground">{t('dashboard.helpHint')}</p>
            <Button asChild variant="link" className="mt-2 h-auto px-0">
              <Link to={href('tutorials')}>
                {t('dashboard.openTutorials')}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </aside>
      </div>
    </div>
  )
}

function StatCard({
  id,
  icon: Icon,
  label,
  value,
  hint,
  link,
}: {
  id: string
  icon: LucideIcon
  label: string
  value: number | string | undefined
  hint: string
  link?: { to: string; label: string }
}) {
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border bg-card p-5 shadow-sm"
      data-testid={`dashboard-stat-${id}`}
    >
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <span className="flex size-9 items-center justify-center rounded-lg bg-muted text-foreground/80">
          <Icon className="size-[18px]" aria-hidden="true" />
        </span>
      </div>
      {value === undefined ? (
        <Skeleton className="h-9 w-16" />
      ) : (
        <p
          className="text-3xl font-semibold tracking-tight tabular-nums"
          data-testid={`dashboard-stat-${id}-value`}
        >
          {value}
        </p>
      )}
      <div className="mt-auto flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>{hint}</span>
        {link && (
          <Link to={link.to} className={cn('shrink-0 font-medium text-primary hover:underline')}>
            {link.label}
          </Link>
        )}
      </div>
    </div>
  )
}

function Detail({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="grid gap-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={cn('font-medium break-words', mono && 'font-mono text-[13px]')}>{value}</dd>
    </div>
  )
}
