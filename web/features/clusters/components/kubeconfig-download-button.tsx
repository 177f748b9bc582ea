import { Download } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { useDownloadKubeconfig } from '../api/download-kubeconfig.ts'
import { KubeconfigDialog } from './kubeconfig-dialog.tsx'
import '#web/lib/strings/clusters.ts'

/** The cluster's kubeconfig: the person picks its lifetime, then the browser saves the file. */
export function KubeconfigDownloadButton({
  clusterId,
  clusterName,
  variant = 'default',
  testId = 'kubeconfig-download',
}: {
  clusterId: string
  clusterName: string
  variant?: 'default' | 'outline'
  /** The button's test id; its dialog's are `<testId>-dialog` and `<testId>-confirm`. */
  testId?: string
}) {
  const { t } = useTranslation()
  const download = useDownloadKubeconfig(clusterId, clusterName)
  return (
    <KubeconfigDialog
      trigger={
        <Button size="sm" variant={variant} data-testid={testId}>
          <Download aria-hidden="true" />
          {t('clusters.kubeconfig.download')}
        </Button>
      }
      title={t('clusters.kubeconfig.dialogTitle', { name: clusterName })}
      pending={download.isPending}
      testId={testId}
      onDownload={(lifetime, { done, failed }) =>
        download.mutate(lifetime, { onSuccess: done, onError: failed })
      }
    />
  )
}
