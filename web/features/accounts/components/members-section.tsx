import { ShieldCheck, ShieldOff } from 'lucide-react'
import type { Member } from '#common/schemas/accounts.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { SectionCard } from '#web/components/ui/section-card.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useUser } from '#web/lib/current-user.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useChangeRole, useMembers, useRemoveMember, useSetActive } from '../api/accounts.ts'
import '#web/lib/strings/accounts.ts'

/** The organization's members with their role, state, last sign-in and second factor, and what an admin changes. */
export function MembersSection() {
  const { t } = useTranslation()
  const members = useMembers()
  return (
    <SectionCard
      id="members"
      title={t('accounts.members.title')}
      description={t('accounts.members.description')}
    >
      {members.isPending ? (
        <LoadingBlock label={t('accounts.members.loading')} rows={3} />
      ) : members.isError ? (
        <LoadError title={t('accounts.members.loadFailed')} query={members} />
      ) : (
        <ul className="divide-y rounded-lg border" aria-label={t('accounts.members.title')}>
          {members.data.map((member) => (
            <MemberRow key={member.id} member={member} />
          ))}
        </ul>
      )}
    </SectionCard>
  )
}

const failed = (title: string) => (error: Error) =>
  toast({ variant: 'destructive', title, description: error.message })

function MemberRow({ member }: { member: Member }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const { user } = useUser()
  const changeRole = useChangeRole()
  const setActive = useSetActive()
  const remove = useRemoveMember()
  const isSelf = user?.id === member.id
  const isAdmin = member.role !== 'user'
  const active = member.membershipStatus === 'active'
  const manageable = member.role !== 'super_admin' || user?.role === 'super_admin'
  return (
    <li
      className="grid gap-3 p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
      data-testid={`member-${member.email}`}
    >
      <div className="grid gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {member.name}
          {isSelf && (
            <span className="text-sm font-normal text-muted-foreground">{t('accounts.members.you')}</span>
          )}
          <Badge variant={isAdmin ? 'default' : 'secondary'} data-testid="member-role">
            {t(`accounts.roles.${member.role}`)}
          </Badge>
          {!active && (
            <Badge variant="warning" data-testid="member-state">
              {t(`accounts.states.${member.membershipStatus}`)}
            </Badge>
          )}
        </p>
        <p className="text-sm break-all text-muted-foreground">{member.email}</p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span>
            {member.lastSignInAt
              ? t('accounts.members.lastSignIn', { when: dates.relative(member.lastSignInAt) })
              : t('accounts.members.neverSignedIn')}
          </span>
          <span className="inline-flex items-center gap-1">
            {member.mfaEnabled ? (
              <ShieldCheck className="size-4 text-success" aria-hidden="true" />
            ) : (
              <ShieldOff className="size-4" aria-hidden="true" />
            )}
            {member.mfaEnabled ? t('accounts.members.mfaOn') : t('accounts.members.mfaOff')}
          </span>
        </p>
      </div>
      {manageable && (
        <div className="flex flex-wrap gap-2">
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" data-testid="change-role">
                {isAdmin ? t('accounts.members.makeMember') : t('accounts.members.makeAdmin')}
              </Button>
            }
            title={isAdmin ? t('accounts.members.makeMember') : t('accounts.members.makeAdmin')}
            description={<p>{t('accounts.members.roleText', { name: member.name })}</p>}
            confirmLabel={t('accounts.members.changeRole')}
            pendingLabel={t('accounts.saving')}
            cancelLabel={t('accounts.cancel')}
            closeLabel={t('accounts.close')}
            pending={changeRole.isPending}
            onConfirm={(done) =>
              changeRole.mutate(
                { id: member.id, role: isAdmin ? 'user' : 'admin' },
                {
                  onSuccess: () => {
                    toast({
                      variant: 'success',
                      title: t('accounts.members.roleChanged', { name: member.name }),
                    })
                    done()
                  },
                  onError: failed(t('accounts.members.failed')),
                },
              )
            }
          />
          {!isSelf && (
            <ConfirmDialog
              trigger={
                <Button
                  variant="outline"
                  size="sm"
                  data-testid={active ? 'deactivate-member' : 'reactivate-member'}
                >
                  {active ? t('accounts.members.deactivate') : t('accounts.members.reactivate')}
                </Button>
              }
              title={active ? t('accounts.members.deactivate') : t('accounts.members.reactivate')}
              description={
                <p>
                  {active
                    ? t('accounts.members.deactivateText', { name: member.name })
                    : t('accounts.members.reactivateText', { name: member.name })}
                </p>
              }
              confirmLabel={active ? t('accounts.members.deactivate') : t('accounts.members.reactivate')}
              pendingLabel={t('accounts.saving')}
              cancelLabel={t('accounts.cancel')}
              closeLabel={t('accounts.close')}
              destructive={active}
              pending={setActive.isPending}
              onConfirm={(done) =>
                setActive.mutate(
                  { id: member.id, active: !active },
                  { onSuccess: done, onError: failed(t('accounts.members.failed')) },
                )
              }
            />
          )}
          {!isSelf && (
            <ConfirmDialog
              trigger={
                <Button variant="ghost" size="sm" className="text-destructive" data-testid="remove-member">
                  {t('accounts.members.remove')}
                </Button>
              }
              title={t('accounts.members.removeTitle', { name: member.name })}
              description={<p>{t('accounts.members.removeText')}</p>}
              confirmLabel={t('accounts.members.remove')}
              pendingLabel={t('accounts.saving')}
              cancelLabel={t('accounts.cancel')}
              closeLabel={t('accounts.close')}
              destructive
              pending={remove.isPending}
              onConfirm={(done) =>
                remove.mutate(member.id, { onSuccess: done, onError: failed(t('accounts.members.failed')) })
              }
            />
          )}
        </div>
      )}
    </li>
  )
}
