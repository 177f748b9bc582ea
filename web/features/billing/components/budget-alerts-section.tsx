import { BellRing, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { z } from 'zod'
import { centsOfUnits } from '#common/pricing.ts'
import {
  BUDGET_BASES,
  type BudgetAlert,
  budgetAlertRequestSchema,
  MAX_BUDGET_ALERTS,
} from '#common/schemas/billing.ts'
import { check } from '#common/validation-messages.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { CopyButton } from '#web/components/ui/copy-button.tsx'
import { Form, FormAlert, FormInputField, FormSelectField } from '#web/components/ui/form.tsx'
import { LoadError } from '#web/components/ui/retry-alert.tsx'
import { SectionCard } from '#web/components/ui/section-card.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { SubmitButton } from '#web/components/ui/submit-button.tsx'
import { useDrawnInSlices } from '#web/lib/drawn-in-slices.ts'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { useMoney } from '#web/lib/use-money.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useCreateBudgetAlert, useDeleteBudgetAlert } from '../api/billing-mutations.ts'
import { useBudgetAlerts } from '../api/billing-queries.ts'
import '#web/lib/strings/billing.ts'

/** The threshold typed in whole units of the billing currency, sent as cents. */
const budgetAlertFormSchema = z
  .object({
    amount: z.coerce
      .number()
      .min(1, check('atLeast', { minimum: 1 }))
      .max(100_000_000, check('atMost', { maximum: 100_000_000 })),
    basis: budgetAlertRequestSchema.shape.basis,
    webhookUrl: z.union([
      z.literal('').transform(() => null),
      budgetAlertRequestSchema.shape.webhookUrl.unwrap().unwrap(),
    ]),
  })
  .transform(({ amount, basis, webhookUrl }) => ({
    amountCents: centsOfUnits(amount),
    basis,
    webhookUrl,
  }))

/** The server refuses a webhook URL that leads off the public internet (422): shown on the field. */
const FIELD_OF_CODE = { WEBHOOK_URL_REFUSED: 'webhookUrl' } as const

/** Up to ten spend thresholds, each firing once a month by email, notification and webhook. */
export function BudgetAlertsSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation()
  const alerts = useBudgetAlerts()
  const drawn = useDrawnInSlices(alerts.isSuccess)
  const [secret, setSecret] = useState<string | null>(null)
  return (
    <SectionCard
      id="budget-alerts"
      title={t('billing.alerts.title')}
      description={t('billing.alerts.description', { maximum: MAX_BUDGET_ALERTS })}
    >
      {alerts.isError ? (
        <LoadError title={t('billing.alerts.loadFailed')} query={alerts} />
      ) : !drawn || !alerts.isSuccess ? (
        <LoadingBlock label={t('billing.alerts.loading')} rows={2} />
      ) : (
        <div className="grid gap-4">
          {alerts.data.length === 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="alerts-empty">
              {t('billing.alerts.empty')}
            </p>
          ) : (
            <ul className="divide-y rounded-lg border" aria-label={t('billing.alerts.title')}>
              {alerts.data.map((alert) => (
                <AlertRow key={alert.id} alert={alert} canEdit={canEdit} />
              ))}
            </ul>
          )}
          {secret && (
            <div
              className="grid gap-2 rounded-lg border border-warning/50 p-3"
              role="status"
              data-testid="webhook-secret"
            >
              <p className="text-sm font-medium">{t('billing.alerts.secretOnce')}</p>
              <div className="flex items-center gap-2">
                <code className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1 font-mono text-sm">
                  {secret}
                </code>
                <CopyButton text={secret} label={t('billing.alerts.copySecret')} />
              </div>
            </div>
          )}
          {canEdit &&
            (alerts.data.length >= MAX_BUDGET_ALERTS ? (
              <p className="text-sm text-muted-foreground">
                {t('billing.alerts.limit', { maximum: MAX_BUDGET_ALERTS })}
              </p>
            ) : (
              <NewAlertForm onSecret={setSecret} />
            ))}
        </div>
      )}
    </SectionCard>
  )
}

function AlertRow({ alert, canEdit }: { alert: BudgetAlert; canEdit: boolean }) {
  const { t } = useTranslation()
  const money = useMoney()
  const dates = useDateFormat()
  const remove = useDeleteBudgetAlert()
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3">
      <div className="grid gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <BellRing className="size-4 text-muted-foreground" aria-hidden="true" />
          {money.amount(alert.amountCents, alert.currency)}
          <Badge variant="outline">{t(`billing.alerts.bases.${alert.basis}`)}</Badge>
        </p>
        <p className="text-sm text-muted-foreground">
          {alert.webhookUrl
            ? t('billing.alerts.withWebhook', { url: alert.webhookUrl })
            : t('billing.alerts.noWebhook')}
          {alert.lastFiredAt && (
            <> · {t('billing.alerts.lastFired', { date: dates.dateTime(alert.lastFiredAt) })}</>
          )}
        </p>
      </div>
      {canEdit && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => remove.mutate(alert.id)}
          disabled={remove.isPending}
          aria-label={t('billing.alerts.delete', { amount: money.amount(alert.amountCents, alert.currency) })}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      )}
    </li>
  )
}

function NewAlertForm({ onSecret }: { onSecret: (secret: string | null) => void }) {
  const { t } = useTranslation()
  const create = useCreateBudgetAlert()
  const form = useZodForm(budgetAlertFormSchema, {
    defaultValues: { amount: 1_000, basis: 'month_to_date', webhookUrl: '' },
  })
  return (
    <Form
      form={form}
      className="grid gap-3 rounded-lg border border-dashed p-3 sm:grid-cols-[10rem_12rem_minmax(0,1fr)] sm:items-start"
      onSubmit={(alert) =>
        create.mutate(alert, {
          onSuccess: (created) => {
            onSecret(created.webhookSecret)
            form.reset()
          },
          onError: (error) => applyServerErrors(form, error, { fieldOfCode: FIELD_OF_CODE }),
        })
      }
    >
      <div className="sm:col-span-3">
        <FormAlert />
      </div>
      <FormInputField
        control={form.control}
        name="amount"
        type="number"
        inputMode="decimal"
        min={1}
        step="any"
        label={t('billing.alerts.amount')}
      />
      <FormSelectField
        control={form.control}
        name="basis"
        label={t('billing.alerts.basis')}
        options={BUDGET_BASES.map((basis) => ({ value: basis, label: t(`billing.alerts.bases.${basis}`) }))}
      />
      <FormInputField
        control={form.control}
        name="webhookUrl"
        type="url"
        label={t('billing.alerts.webhook')}
        description={t('billing.alerts.webhookHint')}
        placeholder="https://"
        autoComplete="off"
      />
      <SubmitButton
        className="sm:col-span-3 sm:w-auto sm:justify-self-start"
        pending={create.isPending}
        label={t('billing.alerts.add')}
        pendingLabel={t('billing.alerts.adding')}
      />
    </Form>
  )
}
