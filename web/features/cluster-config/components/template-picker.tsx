import { FileStack, Trash2 } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'
import { RetryAlert } from '#web/components/ui/retry-alert.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useDeleteClusterTemplate } from '../api/delete-cluster-template.ts'
import { type ClusterTemplate, useClusterTemplates } from '../api/get-cluster-templates.ts'
import { draftOfTemplate } from '../prefill.ts'
import type { StepProps } from './step-props.ts'
import '#web/lib/strings/cluster-config.ts'
import { clusterTypeName } from '#web/lib/cluster-type-links.ts'

/** Saved templates of the organization, to start the wizard from one (opened on the review). */
export function TemplatePicker({ wizard, catalog }: StepProps) {
  const { t } = useTranslation()
  const templates = useClusterTemplates()
  const remove = useDeleteClusterTemplate()

  if (templates.isPending)
    return (
      <div className="grid gap-2" role="status" aria-label={t('clusterConfig.templates.loading')}>
        <Skeleton className="h-5 w-48 rounded" />
        <Skeleton className="h-14 rounded-lg" />
      </div>
    )
  if (templates.isError)
    return (
      <RetryAlert message={t('clusterConfig.templates.error')} onRetry={() => void templates.refetch()} />
    )
  if (templates.data.length === 0) return null

  const use = (template: ClusterTemplate) => {
    const draft = draftOfTemplate(template.configuration)
    if (!draft) return
    wizard.replaceDraft(draft)
    wizard.goTo('review')
  }
  const typeName = (id: string) =>
    clusterTypeName(t, catalog.clusterTypes.find((type) => type.id === id) ?? { id })

  return (
    <section
      aria-labelledby="template-picker-title"
      className="grid gap-3 rounded-xl border border-dashed p-4"
    >
      <h3 id="template-picker-title" className="flex items-center gap-2 text-sm font-semibold">
        <FileStack className="size-4 text-primary" aria-hidden="true" />
        {t('clusterConfig.templates.title')}
      </h3>
      <ul className="grid gap-2" data-testid="template-list">
        {templates.data.map((template) => (
          <li
            key={template.id}
            data-testid="template"
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-muted/50 px-3 py-2"
          >
            <span className="grid min-w-0">
              <span className="truncate font-medium">{template.name}</span>
              <span className="text-xs text-muted-foreground">
                {typeName(template.configuration.clusterTypeId)} · {template.configuration.dataCenterCode} ·{' '}
                {t('clusterConfig.templates.pools', { count: template.configuration.nodePools.length })}
              </span>
            </span>
            <span className="flex gap-1">
              <Button type="button" size="sm" variant="outline" onClick={() => use(template)}>
                {t('clusterConfig.templates.use')}
                <span className="sr-only"> {template.name}</span>
              </Button>
              <Button
                type="button"
                size="icon"
                variant="ghost"
                className="size-9"
                aria-label={t('clusterConfig.templates.delete', { name: template.name })}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(template.id, {
                    onSuccess: () =>
                      toast({
                        title: t('clusterConfig.templates.deleted', { name: template.name }),
                        variant: 'success',
                      }),
                    onError: (error) =>
                      toast({
                        title: t('clusterConfig.templates.deleteFailed'),
                        description: error.message,
                        variant: 'destructive',
                      }),
                  })
                }
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
