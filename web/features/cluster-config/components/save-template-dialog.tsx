import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ClusterConfiguration } from '#common/schemas/clusters.ts'
import { Button } from '#web/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { toast } from '#web/lib/toast-store.ts'
import { useSaveClusterTemplate } from '../api/save-cluster-template.ts'

const TEMPLATE_NAME_MAX = 80

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
  const [name, setName] = useState(configuration.name)
  const [error, setError] = useState<string>()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    // The dialog sits in a portal, but React passes its submit on to the wizard's form.
    event.stopPropagation()
    const trimmed = name.trim()
    if (!trimmed) {
      setError(t('clusterConfig.templates.nameRequired'))
      return
    }
    if (trimmed.length > TEMPLATE_NAME_MAX) {
      setError(t('clusterConfig.errors.atMostChars', { count: TEMPLATE_NAME_MAX }))
      return
    }
    save.mutate(
      { name: trimmed, configuration },
      {
        onSuccess: () => {
          toast({ title: t('clusterConfig.templates.saved', { name: trimmed }), variant: 'success' })
          onOpenChange(false)
        },
        onError: (failure) => setError(failure.message),
      },
    )
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('clusterConfig.templates.cancel')}>
        <DialogHeader>
          <DialogTitle>{t('clusterConfig.templates.saveTitle')}</DialogTitle>
          <DialogDescription>{t('clusterConfig.templates.saveLead')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <FormField label={t('clusterConfig.templates.name')} error={error}>
            {(control) => (
              <Input
                {...control}
                name="templateName"
                value={name}
                autoComplete="off"
                maxLength={TEMPLATE_NAME_MAX + 20}
                onChange={(event) => {
                  setName(event.target.value)
                  setError(undefined)
                }}
              />
            )}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('clusterConfig.templates.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {t('clusterConfig.templates.saveButton')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
