import { ShieldAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useUser } from '#web/lib/current-user.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/accounts.ts'

/** What only an organization's admins see; a member is told so and pointed to the promotion request. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const { user } = useUser()
  if (!user) return null
  if (user.role === 'admin' || user.role === 'super_admin') return children
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl border p-6" data-testid="admins-only">
      <ShieldAlert aria-hidden="true" className="size-6 text-muted-foreground" />
      <p>{t('accounts.adminsOnly')}</p>
      <Button asChild variant="outline">
        <Link to={href('account')}>{t('accounts.askPromotion')}</Link>
      </Button>
    </div>
  )
}

/** The heading of an account or administration page: its title and what it is for. */
export function PageHeading({ title, lead }: { title: string; lead: string }) {
  return (
    <header className="grid gap-1">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      <p className="text-muted-foreground">{lead}</p>
    </header>
  )
}
