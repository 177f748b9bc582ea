import { z } from 'zod'
import { type ClusterConfiguration, TEMPLATE_NAME_MAX, templateNameSchema } from '#common/schemas/clusters.ts'
import { Button } from '#web/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx'
import { Form, FormAlert, FormInputField } from '#web/components/ui/form.tsx'
import { applyServerErrors } from '#web/lib/form/server-errors.ts'
import { useZodForm } from '#web/lib/form/use-zod-form.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useSaveClusterTemplate } from '../api/save-cluster-template.ts'
import '#web/lib/strings/cluster-config.ts'

const templateNameForm = z.object({ name: templateNameSchema })

/** Names and saves the reviewed configuration as a template of the organization (mounted when opened). */
export function SaveTemplateDialog({
  open,
  onOpenChange,
  configuration,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  configuration: ClusterConfiguration
}) {
  const { t } = useTranslation()
  const save = useSaveClusterTemplate()
  const form = useZodForm(templateNameForm, { defaultValues: { name: configuration.name } })

  const submit = ({ name }: { name: string }) =>
    save.mutate(
      { name, configuration },
      {
        onSuccess: () => {
          toast({ title: t('clusterConfig.templates.saved', { name }), variant: 'success' })
          onOpenChange(false)
        },
        onError: (failure) => applyServerErrors(form, failure),
      },
    )

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('clusterConfig.templates.cancel')}>
        <DialogHeader>
          <DialogTitle>{t('clusterConfig.templates.saveTitle')}</DialogTitle>
          <DialogDescription>{t('clusterConfig.templates.saveLead')}</DialogDescription>
        </DialogHeader>
        <Form form={form} onSubmit={submit} className="gap-4">
          <FormAlert />
          <FormInputField
            control={form.control}
            name="name"
            label={t('clusterConfig.templates.name')}
            autoComplete="off"
            maxLength={TEMPLATE_NAME_MAX + 20}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('clusterConfig.templates.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {t('clusterConfig.templates.saveButton')}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  )
}
