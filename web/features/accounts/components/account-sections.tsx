import { Laptop, Smartphone } from 'lucide-react'
import { type AccountSession, profileRequestSchema, promotionAskSchema } from '#common/schemas/accounts.ts'
import type { User } from '#common/schemas/auth.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { Form, FormAlert, FormInputField, FormTextareaField } from '#web/components/ui/form.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { SectionCard } from '#web/components/ui/section-card.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import {
  useAskPromotion,
  useMyPromotionRequest,
  useRevokeOtherSessions,
  useRevokeSession,
  useSessions,
  useUpdateProfile,
} from '../api/accounts.ts'
import { describeUserAgent } from '../user-agent.ts'
import '#web/lib/strings/accounts.ts'

/** Name, username, address, role and organization; the name can be changed here. */
export function ProfileSection({ user }: { user: User }) {
  const { t } = useTranslation()
  const update = useUpdateProfile()
  const form = useZodForm(profileRequestSchema, { defaultValues: { name: user.name } })
  const facts: [string, string][] = [
    [t('accounts.profile.username'), user.username],
    [t('accounts.profile.email'), user.email],
    [t('accounts.profile.role'), t(`accounts.roles.${user.role}`)],
    [
      t('accounts.profile.organization'),
      user.companyName ? `${user.companyName} (${user.companyId})` : user.companyId,
    ],
  ]
  return (
    <SectionCard id="profile" title={t('accounts.profile.title')}>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label} className="grid gap-0.5">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <Form
        form={form}
        className="grid gap-3 sm:grid-cols-[minmax(0,24rem)_auto] sm:items-start sm:justify-start"
        onSubmit={({ name }) =>
          update.mutate(name, {
            onSuccess: () => toast({ variant: 'success', title: t('accounts.profile.saved') }),
            onError: (error) => applyServerErrors(form, error),
          })
        }
      >
        <div className="sm:col-span-2">
          <FormAlert />
        </div>
        <FormInputField
          control={form.control}
          name="name"
          autoComplete="name"
          label={t('accounts.profile.name')}
        />
        <SubmitButton
          className="sm:mt-6"
          pending={update.isPending}
          label={t('accounts.save')}
          pendingLabel={t('accounts.saving')}
        />
      </Form>
    </SectionCard>
  )
}

/** Where the person is signed in, with a way to end any other session. */
export function SessionsSection() {
  const { t } = useTranslation()
  const sessions = useSessions()
  const revokeOthers = useRevokeOtherSessions()
  const others = sessions.data?.filter((session) => !session.current).length ?? 0
  return (
    <SectionCard
      id="sessions"
      title={t('accounts.sessions.title')}
      description={t('accounts.sessions.description')}
      action={
        others > 0 && (
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm">
                {t('accounts.sessions.signOutOthers')}
              </Button>
            }
            title={t('accounts.sessions.signOutOthers')}
            description={<p>{t('accounts.sessions.signOutOthersText', { count: others })}</p>}
            confirmLabel={t('accounts.sessions.signOutOthers')}
            pendingLabel={t('accounts.saving')}
            cancelLabel={t('accounts.cancel')}
            closeLabel={t('accounts.close')}
            destructive
            pending={revokeOthers.isPending}
            onConfirm={(done) =>
              revokeOthers.mutate(undefined, {
                onSuccess: () => {
                  toast({ variant: 'success', title: t('accounts.sessions.othersSignedOut') })
                  done()
                },
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: t('accounts.sessions.failed'),
                    description: error.message,
                  }),
              })
            }
          />
        )
      }
    >
      {sessions.isPending ? (
        <LoadingBlock label={t('accounts.sessions.loading')} rows={2} />
      ) : sessions.isError ? (
        <LoadError title={t('accounts.sessions.loadFailed')} query={sessions} />
      ) : (
        <ul className="divide-y rounded-lg border" aria-label={t('accounts.sessions.title')}>
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
    </SectionCard>
  )
}

function SessionRow({ session }: { session: AccountSession }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const revoke = useRevokeSession()
  const device = describeUserAgent(session.userAgent)
  const Icon = device.mobile ? Smartphone : Laptop
  const name =
    device.browser && device.system
      ? t('accounts.sessions.browserOn', { browser: device.browser, system: device.system })
      : (device.browser ?? device.system ?? t('accounts.sessions.unknownDevice'))
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 p-3"
      data-testid="session"
      data-current={session.current}
    >
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 size-5 text-muted-foreground" aria-hidden="true" />
        <div className="grid gap-0.5">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {name}
            {session.current && <Badge variant="success">{t('accounts.sessions.current')}</Badge>}
          </p>
          <p className="text-sm text-muted-foreground">
            {session.ip ?? t('accounts.sessions.unknownAddress')} ·{' '}
            {t('accounts.sessions.lastSeen', { when: dates.relative(session.lastSeenAt) })} ·{' '}
            {t('accounts.sessions.since', { date: dates.date(session.createdAt) })}
          </p>
        </div>
      </div>
      {!session.current && (
        <Button
          variant="ghost"
          size="sm"
          disabled={revoke.isPending}
          onClick={() =>
            revoke.mutate(session.id, {
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: t('accounts.sessions.failed'),
                  description: error.message,
                }),
            })
          }
        >
          {t('accounts.sessions.signOut')}
        </Button>
      )}
    </li>
  )
}

/** A member asks the organization's admins to become one, with a reason; the answer shows here. */
export function PromotionSection() {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const latest = useMyPromotionRequest()
  const ask = useAskPromotion()
  const form = useZodForm(promotionAskSchema, { defaultValues: { reason: '' } })
  const waiting = latest.data?.status === 'pending'
  return (
    <SectionCard
      id="promotion"
      title={t('accounts.promotion.title')}
      description={t('accounts.promotion.description')}
    >
      {latest.isPending ? (
        <LoadingBlock label={t('accounts.promotion.loading')} rows={1} />
      ) : latest.isError ? (
        <LoadError title={t('accounts.promotion.loadFailed')} query={latest} />
      ) : (
        <>
          {latest.data && (
            <p
              className="text-sm"
              role="status"
              data-testid="promotion-status"
              data-status={latest.data.status}
            >
              {t(`accounts.promotion.status.${latest.data.status}`, {
                date: dates.date(latest.data.createdAt),
              })}
              {latest.data.note && ` ${t('accounts.promotion.note', { note: latest.data.note })}`}
            </p>
          )}
          {!waiting && (
            <Form
              form={form}
              className="grid gap-3"
              onSubmit={({ reason }) =>
                ask.mutate(reason, {
                  onSuccess: () => {
                    toast({ variant: 'success', title: t('accounts.promotion.sent') })
                    form.reset()
                  },
                  onError: (error) => applyServerErrors(form, error),
                })
              }
            >
              <FormAlert />
              <FormTextareaField
                control={form.control}
                name="reason"
                rows={3}
                label={t('accounts.promotion.reason')}
              />
              <SubmitButton
                className="sm:w-auto sm:justify-self-start"
                pending={ask.isPending}
                label={t('accounts.promotion.ask')}
                pendingLabel={t('accounts.promotion.asking')}
              />
            </Form>
          )}
        </>
      )}
    </SectionCard>
  )
}
