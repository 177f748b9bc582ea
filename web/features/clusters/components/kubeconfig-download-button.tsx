import { Download } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '#web/components/ui/button.tsx'
import { clusterPath } from '../api/cluster-keys.ts'

/** The cluster's kubeconfig, downloaded as a file by the browser. */
export function KubeconfigDownloadButton({
  clusterId,
  variant = 'default',
  testId = 'kubeconfig-download',
}: {
  clusterId: string
  variant?: 'default' | 'outline'
  testId?: string
}) {
  const { t } = useTranslation()
  return (
    <Button asChild size="sm" variant={variant}>
      <a href={`${clusterPath(clusterId)}/kubeconfig`} download data-testid={testId}>
        <Download aria-hidden="true" />
        {t('clusters.kubeconfig.download')}
      </a>
    </Button>
  )
}
