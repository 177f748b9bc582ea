import { Building2, Users } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { z } from 'zod'
import { CURRENCIES } from '#common/money.ts'
import { centsOfUnits, unitsOfCents } from '#common/pricing.ts'
import { href } from '#common/routes.ts'
import type { Member, OrganizationDirectoryEntry } from '#common/schemas/accounts.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Form, FormInputField, FormSelectField } from '#web/components/ui/form.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { SearchInput } from '#web/components/ui/search-input.tsx'
import { SectionCard } from '#web/components/ui/section-card.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useDebounced } from '#web/lib/use-debounced.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import {
  useMembers,
  useOrganizationDirectory,
  useOrganizationEntry,
  useUpdateOrganizationTerms,
} from '../api/accounts.ts'
import '#web/lib/strings/accounts.ts'

/** The organization's users as a read-only list; changes are made on /user-management. */
export function OrganizationUsers() {
  const { t } = useTranslation()
  const members = useMembers()
  return (
    <SectionCard
      id="organization-users"
      title={t('accounts.directory.yourUsers')}
      action={
        <Button asChild variant="outline" size="sm">
          <Link to={href('userManagement')}>{t('accounts.directory.manage')}</Link>
        </Button>
      }
    >
      {members.isPending ? (
        <LoadingBlock label={t('accounts.members.loading')} rows={3} />
      ) : members.isError ? (
        <LoadError title={t('accounts.members.loadFailed')} query={members} />
      ) : (
        <MemberList members={members.data} />
      )}
    </SectionCard>
  )
}

function MemberList({ members }: { members: Member[] }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  return (
    <ul className="divide-y rounded-lg border" aria-label={t('accounts.members.title')}>
      {members.map((member) => (
        <li
          key={member.id}
          className="flex flex-wrap items-center justify-between gap-2 p-3"
          data-testid={`user-${member.email}`}
        >
          <div className="grid gap-0.5">
            <p className="font-medium">{member.name}</p>
            <p className="text-sm break-all text-muted-foreground">{member.email}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <Badge variant={member.role === 'user' ? 'secondary' : 'default'}>
              {t(`accounts.roles.${member.role}`)}
            </Badge>
            {member.membershipStatus !== 'active' && (
              <Badge variant="warning">{t(`accounts.states.${member.membershipStatus}`)}</Badge>
            )}
            <span>
              {member.lastSignInAt
                ? t('accounts.members.lastSignIn', { when: dates.relative(member.lastSignInAt) })
                : t('accounts.members.neverSignedIn')}
            </span>
          </div>
        </li>
      ))}
    </ul>
  )
}

/** Every organization for the platform operator: found, opened, its members and its terms. */
export function OrganizationDirectory() {
  const { t } = useTranslation()
  const money = useMoney()
  const [search, setSearch] = useState('')
  const [openId, setOpenId] = useState<string | null>(null)
  const settled = useDebounced(search.trim(), 300)
  const organizations = useOrganizationDirectory(settled)
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
      <SectionCard id="organizations" title={t('accounts.directory.title')}>
        <SearchInput
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          aria-label={t('accounts.directory.search')}
          placeholder={t('accounts.directory.searchPlaceholder')}
        />
        {organizations.isPending ? (
          <LoadingBlock label={t('accounts.directory.loading')} rows={3} />
        ) : organizations.isError ? (
          <LoadError title={t('accounts.directory.loadFailed')} query={organizations} />
        ) : organizations.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('accounts.directory.none')}</p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label={t('accounts.directory.title')}>
            {organizations.data.map((organization) => (
              <li key={organization.id}>
                <button
                  type="button"
                  className="grid w-full gap-0.5 p-3 text-left hover:bg-accent aria-[current=true]:bg-accent"
                  aria-current={openId === organization.id}
                  onClick={() => setOpenId(organization.id)}
                  data-testid={`organization-${organization.billingId}`}
                >
                  <span className="flex items-center gap-2 font-medium">
                    <Building2 className="size-4 text-muted-foreground" aria-hidden="true" />
                    {organization.name}
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {organization.billingId} ·{' '}
                    {t('accounts.directory.members', { count: organization.members })} ·{' '}
                    {t('accounts.directory.limit', {
                      amount: money.amount(organization.creditLimitCents, organization.billingCurrency),
                    })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
      {openId ? (
        <OrganizationEntry id={openId} />
      ) : (
        <p className="flex items-center gap-2 rounded-xl border border-dashed p-6 text-sm text-muted-foreground">
          <Users className="size-4" aria-hidden="true" />
          {t('accounts.directory.pick')}
        </p>
      )}
    </div>
  )
}

function OrganizationEntry({ id }: { id: string }) {
  const { t } = useTranslation()
  const entry = useOrganizationEntry(id)
  if (entry.isPending) return <LoadingBlock label={t('accounts.directory.loading')} rows={4} />
  if (entry.isError) return <LoadError title={t('accounts.directory.loadFailed')} query={entry} />
  return (
    <SectionCard id="organization-entry" title={entry.data.name} description={entry.data.billingId}>
      <TermsForm key={`${entry.data.creditLimitCents}-${entry.data.billingCurrency}`} entry={entry.data} />
      <MemberList members={entry.data.memberList} />
    </SectionCard>
  )
}

/** The limit as typed (units of the currency, possibly decimal); the server checks the cents. */
const termsFormSchema = z.object({ creditLimit: z.string(), billingCurrency: z.enum(CURRENCIES) })

/** The limit is typed in units of the billing currency chosen beside it, and kept in its cents. */
function TermsForm({ entry }: { entry: OrganizationDirectoryEntry }) {
  const { t } = useTranslation()
  const update = useUpdateOrganizationTerms()
  const form = useZodForm(termsFormSchema, {
    defaultValues: {
      creditLimit: String(unitsOfCents(entry.creditLimitCents)),
      billingCurrency: entry.billingCurrency,
    },
  })
  const [limit, currency] = form.watch(['creditLimit', 'billingCurrency'])
  return (
    <Form
      form={form}
      className="gap-3 sm:grid-cols-[12rem_12rem_auto] sm:items-end"
      aria-label={t('accounts.directory.terms')}
      onSubmit={(values) =>
        update.mutate(
          {
            id: entry.id,
            creditLimitCents: centsOfUnits(Number(values.creditLimit)),
            billingCurrency: values.billingCurrency,
          },
          {
            onSuccess: () =>
              toast({ variant: 'success', title: t('accounts.directory.saved', { name: entry.name }) }),
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: t('accounts.directory.failed'),
                description: error.message,
              }),
          },
        )
      }
    >
      <FormInputField
        control={form.control}
        name="creditLimit"
        label={t('accounts.directory.creditLimit', { currency })}
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
      />
      <FormSelectField
        control={form.control}
        name="billingCurrency"
        label={t('accounts.directory.billingCurrency')}
        options={CURRENCIES.map((code) => ({ value: code, label: code }))}
      />
      <Button type="submit" disabled={update.isPending || limit === '' || Number(limit) < 0}>
        {update.isPending ? t('accounts.saving') : t('accounts.save')}
      </Button>
    </Form>
  )
}
