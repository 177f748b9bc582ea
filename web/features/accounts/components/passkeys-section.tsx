import { KeyRound } from 'lucide-react'
import { useId, useState } from 'react'
import { type Passkey, passkeyNameSchema } from '#common/schemas/auth.ts'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { Form, FormInputField } from '#web/components/ui/form.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { SectionCard } from '#web/components/ui/section-card.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/security.ts'
import '#web/lib/strings/accounts.ts'

const failure = (title: string) => (error: Error) => {
  // A prompt the person closed is their choice, not a failure to report.
  if (error.name === 'NotAllowedError') return
  toast({ variant: 'destructive', title, description: error.message })
}

/** Passkeys sign in without a password: added from this browser, named, renamed and removed. */
export function PasskeysSection() {
  const { t } = useTranslation()
  const passkeys = usePasskeys()
  return (
    <SectionCard
      id="passkeys"
      title={t('accounts.passkeys.title')}
      description={t('accounts.passkeys.description')}
    >
      {passkeys.isPending ? (
        <LoadingBlock label={t('accounts.passkeys.loading')} rows={1} />
      ) : passkeys.isError ? (
        <LoadError title={t('accounts.passkeys.loadFailed')} query={passkeys} />
      ) : passkeys.data.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="passkeys-empty">
          {t('accounts.passkeys.empty')}
        </p>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label={t('accounts.passkeys.title')}>
          {passkeys.data.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
      <AddPasskeyForm />
    </SectionCard>
  )
}

/** A passkey of this browser, under the name the person gives it. */
function AddPasskeyForm() {
  const { t } = useTranslation()
  const add = useAddPasskey()
  const form = useZodForm(passkeyNameSchema, { defaultValues: { name: '' } })
  const name = form.watch('name')
  return (
    <Form
      form={form}
      className="gap-2 sm:grid-cols-[minmax(0,20rem)_auto] sm:items-end sm:justify-start"
      onSubmit={(values) =>
        add.mutate(values.name, {
          onSuccess: (passkey) => {
            toast({ variant: 'success', title: t('accounts.passkeys.added', { name: passkey.name }) })
            form.reset()
          },
          onError: failure(t('accounts.passkeys.failed')),
        })
      }
    >
      <FormInputField
        control={form.control}
        name="name"
        label={t('accounts.passkeys.name')}
        maxLength={60}
        placeholder={t('accounts.passkeys.namePlaceholder')}
      />
      <Button type="submit" disabled={add.isPending || name.trim() === ''}>
        <KeyRound aria-hidden="true" />
        {add.isPending ? t('accounts.passkeys.adding') : t('accounts.passkeys.add')}
      </Button>
    </Form>
  )
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const rename = useRenamePasskey()
  const remove = useRemovePasskey()
  const [name, setName] = useState(passkey.name)
  const nameId = useId()
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 p-3"
      data-testid={`passkey-${passkey.name}`}
    >
      <div className="grid gap-0.5">
        <p className="flex items-center gap-2 font-medium">
          <KeyRound className="size-4 text-muted-foreground" aria-hidden="true" />
          {passkey.name}
        </p>
        <p className="text-sm text-muted-foreground">
          {t('accounts.passkeys.added_on', { date: dates.date(passkey.createdAt) })} ·{' '}
          {passkey.lastUsedAt
            ? t('accounts.passkeys.lastUsed', { when: dates.relative(passkey.lastUsedAt) })
            : t('accounts.passkeys.neverUsed')}
        </p>
      </div>
      <div className="flex gap-2">
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm">
              {t('accounts.passkeys.rename')}
            </Button>
          }
          title={t('accounts.passkeys.rename')}
          description={
            <label htmlFor={nameId} className="grid gap-1.5 text-sm text-foreground">
              {t('accounts.passkeys.name')}
              <Input
                id={nameId}
                value={name}
                maxLength={60}
                onChange={(event) => setName(event.target.value)}
              />
            </label>
          }
          confirmLabel={t('accounts.save')}
          pendingLabel={t('accounts.saving')}
          cancelLabel={t('accounts.cancel')}
          closeLabel={t('accounts.close')}
          pending={rename.isPending}
          onConfirm={(done) =>
            rename.mutate(
              { id: passkey.id, name: name.trim() },
              { onSuccess: done, onError: failure(t('accounts.passkeys.failed')) },
            )
          }
        />
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm" className="text-destructive">
              {t('accounts.passkeys.remove')}
            </Button>
          }
          title={t('accounts.passkeys.removeTitle', { name: passkey.name })}
          description={<p>{t('accounts.passkeys.removeText')}</p>}
          confirmLabel={t('accounts.passkeys.remove')}
          pendingLabel={t('accounts.saving')}
          cancelLabel={t('accounts.cancel')}
          closeLabel={t('accounts.close')}
          destructive
          pending={remove.isPending}
          onConfirm={(done) =>
            remove.mutate(passkey.id, { onSuccess: done, onError: failure(t('accounts.passkeys.failed')) })
          }
        />
      </div>
    </li>
  )
}
