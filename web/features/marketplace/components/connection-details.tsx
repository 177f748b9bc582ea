import { Eye, EyeOff, KeyRound, RotateCcw } from 'lucide-react'
import { useState } from 'react'
import { passwordConfirmationSchema } from '#common/schemas/auth.ts'
import type { Installation } from '#common/schemas/installations.ts'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { CopyButton } from '#web/components/ui/copy-button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog.tsx'
import {
  Form,
  FormAlert,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '#web/components/ui/form.tsx'
import { PasswordInput } from '#web/components/ui/password-input.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useInstallationChange, useRevealCredentials } from '../api/installations.ts'
import '#web/lib/strings/auth.ts'
import '#web/lib/strings/clusters.ts'
import '#web/lib/strings/installations.ts'

/**
 * A middleware installation's endpoints and generated user; the password is shown only after the
 * person types their own password again, kept in this page's memory only, and rotated on demand.
 */
export function ConnectionDetails({ installation, busy }: { installation: Installation; busy: boolean }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const [password, setPassword] = useState<string | null>(null)
  const rotate = useInstallationChange(installation.id)
  return (
    <section
      className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm"
      aria-labelledby="connection-details"
    >
      <h2 id="connection-details" className="font-semibold">
        {t('installations.connection.title')}
      </h2>
      {installation.endpoints.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('installations.connection.noEndpoints')}</p>
      ) : (
        <dl className="grid gap-3 text-sm" data-testid="connection-details">
          {installation.endpoints.map((endpoint) => (
            <div key={endpoint.url} className="grid gap-1">
              <dt className="text-muted-foreground">{endpoint.name}</dt>
              <dd className="flex items-center gap-2">
                <code className="font-mono text-xs break-all">{endpoint.url}</code>
                <CopyButton text={endpoint.url} label={t('clusters.copy')} />
              </dd>
            </div>
          ))}
          {installation.username && (
            <div className="grid gap-1">
              <dt className="text-muted-foreground">{t('installations.connection.username')}</dt>
              <dd>
                <code className="font-mono text-xs" data-testid="connection-username">
                  {installation.username}
                </code>
              </dd>
            </div>
          )}
          {installation.hasPassword && (
            <div className="grid gap-1">
              <dt className="text-muted-foreground">{t('installations.connection.password')}</dt>
              <dd className="flex flex-wrap items-center gap-2">
                {password ? (
                  <>
                    <code className="font-mono text-xs" data-testid="connection-password">
                      {password}
                    </code>
                    <CopyButton text={password} label={t('clusters.copy')} />
                    <Button variant="ghost" size="sm" onClick={() => setPassword(null)}>
                      <EyeOff aria-hidden="true" />
                      {t('installations.connection.hide')}
                    </Button>
                  </>
                ) : (
                  <>
                    <span className="text-muted-foreground">{t('installations.connection.hidden')}</span>
                    <RevealDialog installation={installation} onRevealed={setPassword} />
                  </>
                )}
              </dd>
              {installation.credentialsRotatedAt && (
                <p className="text-xs text-muted-foreground">
                  {t('installations.connection.rotated', {
                    date: dates.dateTime(installation.credentialsRotatedAt),
                  })}
                </p>
              )}
            </div>
          )}
        </dl>
      )}
      {installation.hasPassword && installation.status === 'installed' && (
        <div>
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" disabled={busy}>
                <RotateCcw aria-hidden="true" />
                {t('installations.connection.rotate')}
              </Button>
            }
            title={t('installations.connection.rotateTitle')}
            description={<p>{t('installations.connection.rotateText')}</p>}
            confirmLabel={t('installations.connection.rotate')}
            pendingLabel={t('installations.connection.rotate')}
            cancelLabel={t('installations.cancel')}
            closeLabel={t('installations.close')}
            pending={rotate.isPending}
            onConfirm={(done) =>
              rotate.mutate(
                { action: 'credentials/rotate' },
                {
                  onSuccess: () => {
                    setPassword(null)
                    done()
                  },
                },
              )
            }
          />
        </div>
      )}
    </section>
  )
}

function RevealDialog({
  installation,
  onRevealed,
}: {
  installation: Installation
  onRevealed: (password: string) => void
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" data-testid="reveal-password">
          <Eye aria-hidden="true" />
          {t('installations.connection.reveal')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('installations.close')}>
        {/* Mounted while open only: the dialog opened again starts empty. */}
        {open && (
          <RevealForm
            installation={installation}
            onRevealed={(password) => {
              onRevealed(password)
              setOpen(false)
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

/** The person's own password, asked again; a wrong one is said above the field. */
function RevealForm({
  installation,
  onRevealed,
}: {
  installation: Installation
  onRevealed: (password: string) => void
}) {
  const { t } = useTranslation()
  const reveal = useRevealCredentials(installation.id)
  const form = useZodForm(passwordConfirmationSchema, { defaultValues: { password: '' } })
  const typed = form.watch('password')
  return (
    <Form
      form={form}
      className="gap-4"
      onSubmit={({ password }) =>
        reveal.mutate(password, {
          onSuccess: (revealed) => onRevealed(revealed.password),
          onError: (failure) => applyServerErrors(form, failure),
        })
      }
    >
      <DialogHeader>
        <DialogTitle>{t('installations.connection.revealTitle')}</DialogTitle>
        <DialogDescription>
          {t('installations.connection.revealText', { product: installation.productName })}
        </DialogDescription>
      </DialogHeader>
      <FormAlert />
      <FormField
        control={form.control}
        name="password"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t('installations.connection.yourPassword')}</FormLabel>
            <FormControl>
              <PasswordInput
                {...field}
                autoComplete="current-password"
                required
                showLabel={t('auth.fields.showPassword')}
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('installations.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={typed === '' || reveal.isPending} data-testid="reveal-submit">
          <KeyRound aria-hidden="true" />
          {t('installations.connection.revealSubmit')}
        </Button>
      </DialogFooter>
    </Form>
  )
}
