import { Download, ShieldCheck } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import {
  mfaCodeSchema,
  mfaDisableRequestSchema,
  passwordConfirmationSchema,
  type User,
} from '#common/schemas/auth.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { CopyButton } from '#web/components/ui/copy-button.tsx'
import { Form, FormInputField } from '#web/components/ui/form.tsx'
import { FormPasswordField } from '#web/components/ui/form-password-field.tsx'
import { SectionCard } from '#web/components/ui/section-card.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useDisableMfa, useEnableMfa, useRegenerateRecoveryCodes, useStartMfa } from '../api/security.ts'
import '#web/lib/strings/accounts.ts'

/**
 * Two-factor authentication: enrolment with a QR code (and its secret for typing), the first code,
 * the ten recovery codes shown once; then new codes or turning it off, each with the password.
 */
export function TwoFactorSection({ user }: { user: User }) {
  const { t } = useTranslation()
  const [codes, setCodes] = useState<string[] | null>(null)
  return (
    <SectionCard
      id="two-factor"
      title={t('accounts.mfa.title')}
      description={t('accounts.mfa.description')}
      action={
        <Badge variant={user.mfaEnabled ? 'success' : 'secondary'} data-testid="mfa-state">
          {user.mfaEnabled ? t('accounts.mfa.on') : t('accounts.mfa.off')}
        </Badge>
      }
    >
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : user.mfaEnabled ? (
        <ManageTwoFactor onCodes={setCodes} />
      ) : (
        <Enrol onEnabled={setCodes} />
      )}
    </SectionCard>
  )
}

/** The person's password, asked again before a change to their second factor. */
function PasswordField<Values extends FieldValues, Name extends FieldPath<Values>, Transformed>(props: {
  control: Control<Values, unknown, Transformed>
  name: Name
  label: string
}) {
  const { t } = useTranslation()
  return (
    <FormPasswordField
      {...props}
      autoComplete="current-password"
      showLabel={t('accounts.mfa.showPassword')}
    />
  )
}

/** A six-digit code of the authenticator app; anything but digits is dropped as it is typed. */
function CodeField<Values extends FieldValues, Name extends FieldPath<Values>, Transformed>(props: {
  control: Control<Values, unknown, Transformed>
  name: Name
  label: string
  className?: string
  autoComplete?: 'one-time-code'
}) {
  return (
    <FormInputField
      {...props}
      inputMode="numeric"
      maxLength={6}
      inputClassName="font-mono tracking-widest"
      keepTyped={(typed) => typed.replace(/\D/g, '').slice(0, 6)}
    />
  )
}

function PasswordStep({
  label,
  submitLabel,
  pending,
  onSubmit,
}: {
  label: string
  submitLabel: string
  pending: boolean
  onSubmit: (password: string) => void
}) {
  const form = useZodForm(passwordConfirmationSchema, { defaultValues: { password: '' } })
  const password = form.watch('password')
  return (
    <Form
      form={form}
      className="gap-2 sm:grid-cols-[minmax(0,20rem)_auto] sm:items-end sm:justify-start"
      onSubmit={(values) => onSubmit(values.password)}
    >
      <PasswordField control={form.control} name="password" label={label} />
      <Button type="submit" disabled={pending || !password}>
        {submitLabel}
      </Button>
    </Form>
  )
}

const failure = (title: string) => (error: Error) =>
  toast({ variant: 'destructive', title, description: error.message })

function Enrol({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation()
  const start = useStartMfa()
  const enable = useEnableMfa()
  const [qr, setQr] = useState<string | null>(null)
  const setup = start.data
  useEffect(() => {
    if (!setup) return
    let current = true
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(setup.otpauthUrl, { margin: 1, width: 192 }))
      .then((url) => current && setQr(url))
    return () => {
      current = false
    }
  }, [setup])
  if (!setup)
    return (
      <PasswordStep
        label={t('accounts.mfa.passwordToStart')}
        submitLabel={t('accounts.mfa.start')}
        pending={start.isPending}
        onSubmit={(password) => start.mutate(password, { onError: failure(t('accounts.mfa.failed')) })}
      />
    )
  return (
    <div className="grid gap-4 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-start">
      <div className="grid justify-items-center gap-2 rounded-lg border bg-white p-3">
        {qr ? (
          <img src={qr} alt={t('accounts.mfa.qrAlt')} width={192} height={192} data-testid="totp-qr" />
        ) : (
          <Skeleton className="size-48 rounded" />
        )}
      </div>
      <div className="grid content-start gap-3">
        <p className="text-sm">{t('accounts.mfa.scan')}</p>
        <div className="grid gap-1 text-sm">
          <span className="text-muted-foreground">{t('accounts.mfa.secret')}</span>
          <div className="flex items-center gap-2">
            <code
              className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1 font-mono"
              data-testid="totp-secret"
            >
              {setup.secret}
            </code>
            <CopyButton text={setup.secret} label={t('accounts.mfa.copySecret')} />
          </div>
        </div>
        <FirstCodeForm
          pending={enable.isPending}
          onSubmit={(code) =>
            enable.mutate(code, {
              onSuccess: ({ recoveryCodes }) => {
                toast({ variant: 'success', title: t('accounts.mfa.enabled') })
                onEnabled(recoveryCodes)
              },
              onError: failure(t('accounts.mfa.failed')),
            })
          }
        />
      </div>
    </div>
  )
}

function ManageTwoFactor({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation()
  const regenerate = useRegenerateRecoveryCodes()
  const disable = useDisableMfa()
  const [mode, setMode] = useState<'idle' | 'codes' | 'off'>('idle')
  return (
    <div className="grid gap-3">
      <p className="flex items-center gap-2 text-sm">
        <ShieldCheck className="size-4 text-success" aria-hidden="true" />
        {t('accounts.mfa.onText')}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setMode('codes')}>
          {t('accounts.mfa.newCodes')}
        </Button>
        <Button variant="outline" size="sm" className="text-destructive" onClick={() => setMode('off')}>
          {t('accounts.mfa.turnOff')}
        </Button>
      </div>
      {mode === 'codes' && (
        <PasswordStep
          label={t('accounts.mfa.passwordForCodes')}
          submitLabel={t('accounts.mfa.makeCodes')}
          pending={regenerate.isPending}
          onSubmit={(password) =>
            regenerate.mutate(password, {
              onSuccess: ({ recoveryCodes }) => onCodes(recoveryCodes),
              onError: failure(t('accounts.mfa.failed')),
            })
          }
        />
      )}
      {mode === 'off' && (
        <TurnOffForm
          pending={disable.isPending}
          onSubmit={(request) =>
            disable.mutate(request, {
              onSuccess: () => toast({ variant: 'success', title: t('accounts.mfa.disabled') }),
              onError: failure(t('accounts.mfa.failed')),
            })
          }
        />
      )}
    </div>
  )
}

/** The first code of the app, which turns two-factor authentication on. */
function FirstCodeForm({ pending, onSubmit }: { pending: boolean; onSubmit: (code: string) => void }) {
  const { t } = useTranslation()
  const form = useZodForm(mfaCodeSchema, { defaultValues: { code: '' } })
  const code = form.watch('code')
  return (
    <Form
      form={form}
      className="gap-2 sm:grid-cols-[12rem_auto] sm:items-end sm:justify-start"
      onSubmit={(values) => onSubmit(values.code)}
    >
      <CodeField
        control={form.control}
        name="code"
        label={t('accounts.mfa.firstCode')}
        autoComplete="one-time-code"
      />
      <Button type="submit" disabled={pending || code.length !== 6}>
        {t('accounts.mfa.turnOn')}
      </Button>
    </Form>
  )
}

/** Turning two-factor authentication off takes a current code and the password. */
function TurnOffForm({
  pending,
  onSubmit,
}: {
  pending: boolean
  onSubmit: (request: { password: string; code: string }) => void
}) {
  const { t } = useTranslation()
  const form = useZodForm(mfaDisableRequestSchema, { defaultValues: { password: '', code: '' } })
  const password = form.watch('password')
  return (
    <Form form={form} className="gap-2" onSubmit={onSubmit}>
      <CodeField
        control={form.control}
        name="code"
        label={t('accounts.mfa.currentCode')}
        className="max-w-48"
      />
      <div className="grid gap-2 sm:grid-cols-[minmax(0,20rem)_auto] sm:items-end sm:justify-start">
        <PasswordField control={form.control} name="password" label={t('accounts.mfa.passwordToTurnOff')} />
        <Button type="submit" disabled={pending || !password}>
          {t('accounts.mfa.turnOff')}
        </Button>
      </div>
    </Form>
  )
}

/** The ten codes, this once: to copy, download or print before leaving. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation()
  const text = `${codes.join('\n')}\n`
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`
  return (
    <div
      className="grid gap-3 rounded-lg border border-warning/50 p-4"
      role="status"
      data-testid="recovery-codes"
    >
      <p className="text-sm font-medium">{t('accounts.mfa.codesOnce')}</p>
      <ol className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={text} label={t('accounts.mfa.copyCodes')} />
        <a
          href={download}
          download="clusterdeck-recovery-codes.txt"
          className="inline-flex h-9 items-center gap-2 rounded-md border px-3 text-sm font-medium hover:bg-accent"
        >
          <Download className="size-4" aria-hidden="true" />
          {t('accounts.mfa.downloadCodes')}
        </a>
        <Button size="sm" onClick={onDone}>
          {t('accounts.mfa.codesSaved')}
        </Button>
      </div>
    </div>
  )
}
