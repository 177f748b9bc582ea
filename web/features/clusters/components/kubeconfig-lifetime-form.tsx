import { Download, MailWarning } from 'lucide-react'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import {
  DEFAULT_KUBECONFIG_LIFETIME,
  KUBECONFIG_LIFETIME_DAYS,
  KUBECONFIG_LIFETIMES,
  kubeconfigRequestSchema,
} from '#common/schemas/clusters.ts'
import { Alert, AlertDescription } from '#web/components/ui/alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx'
import { Form, FormAlert, FormSelectField } from '#web/components/ui/form.tsx'
import { useUser } from '#web/lib/current-user.ts'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { useDateFormat } from '#web/lib/format-date.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/clusters.ts'
import type { KubeconfigDownload } from './kubeconfig-dialog.tsx'

const DAY_MS = 24 * 60 * 60 * 1000

/** The dialog's form: how long the kubeconfig lives, then the download (kubeconfig-dialog.tsx). */
export default function LifetimeForm({
  title,
  pending,
  testId,
  onDownload,
}: {
  title: string
  pending: boolean
  testId: string
  onDownload: KubeconfigDownload
}) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  const { user } = useUser()
  const unverified = user !== null && !user.emailVerified
  const form = useZodForm(kubeconfigRequestSchema, {
    defaultValues: { lifetime: DEFAULT_KUBECONFIG_LIFETIME },
  })
  const options = KUBECONFIG_LIFETIMES.map((lifetime) => ({
    value: lifetime,
    label: t(`clusters.kubeconfig.lifetimes.${lifetime}`),
  }))
  return (
    <Form
      form={form}
      className="gap-4"
      onSubmit={({ lifetime }) =>
        onDownload(lifetime, {
          done: () =>
            toast({
              title: t('clusters.toast.successTitle'),
              description: t('clusters.kubeconfig.downloaded', {
                date: dates.dateTime(Date.now() + KUBECONFIG_LIFETIME_DAYS[lifetime] * DAY_MS),
              }),
              variant: 'success',
            }),
          failed: (error) => applyServerErrors(form, error),
        })
      }
    >
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{t('clusters.kubeconfig.dialogText')}</DialogDescription>
      </DialogHeader>
      {unverified && (
        <Alert variant="destructive" data-testid={`${testId}-unverified`}>
          <MailWarning aria-hidden="true" />
          <AlertDescription>{t('clusters.kubeconfig.verifyFirst')}</AlertDescription>
        </Alert>
      )}
      <FormAlert />
      <FormSelectField
        control={form.control}
        name="lifetime"
        label={t('clusters.kubeconfig.lifetime')}
        options={options}
        description={
          <Link to={`${href('account')}#cluster-credentials`} className="text-primary hover:underline">
            {t('clusters.kubeconfig.accountLink')}
          </Link>
        }
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('clusters.dialog.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending || unverified} data-testid={`${testId}-confirm`}>
          <Download aria-hidden="true" />
          {pending ? t('clusters.kubeconfig.downloading') : t('clusters.kubeconfig.downloadConfirm')}
        </Button>
      </DialogFooter>
    </Form>
  )
}
