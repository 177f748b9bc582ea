import { lazy, type ReactNode, Suspense, useState } from 'react'
import type { KubeconfigLifetime } from '#common/schemas/clusters.ts'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog.tsx'
import { LoadingBlock } from '#web/components/ui/skeleton.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/clusters.ts'

/** The form, its validator and the form library load when the dialog first opens, not with the list. */
const LifetimeForm = lazy(() => import('./kubeconfig-lifetime-form.tsx'))

export type KubeconfigDownload = (
  lifetime: KubeconfigLifetime,
  handlers: { done: () => void; failed: (error: Error) => void },
) => void

/**
 * A kubeconfig is a credential: the person chooses how long it lives, then the file downloads. The
 * dialog says where to see and revoke it, and keeps a refusal (an unverified address) in view.
 * Shared by a cluster's download button and the list's merged download.
 */
export function KubeconfigDialog({
  trigger,
  title,
  pending,
  onDownload,
  testId,
}: {
  trigger: ReactNode
  title: string
  pending: boolean
  onDownload: KubeconfigDownload
  /** `<testId>-dialog` and `<testId>-confirm`. */
  testId: string
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent closeLabel={t('clusters.dialog.close')} data-testid={`${testId}-dialog`}>
        {open && (
          <Suspense
            fallback={
              <>
                <DialogHeader>
                  <DialogTitle>{title}</DialogTitle>
                  <DialogDescription>{t('clusters.kubeconfig.dialogText')}</DialogDescription>
                </DialogHeader>
                <LoadingBlock label={t('clusters.kubeconfig.loading')} rows={2} />
              </>
            }
          >
            <LifetimeForm
              title={title}
              pending={pending}
              testId={testId}
              onDownload={(lifetime, handlers) =>
                onDownload(lifetime, {
                  ...handlers,
                  done: () => {
                    setOpen(false)
                    handlers.done()
                  },
                })
              }
            />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  )
}
