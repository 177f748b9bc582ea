import { CirclePlus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '#web/components/ui/button.tsx'
import { clusterPaths } from '../cluster-paths.ts'

/** The way into the configuration wizard when there is no cluster yet. */
export function ConfigureClusterButton() {
  const { t } = useTranslation()
  return (
    <Button asChild>
      <Link to={clusterPaths.configure()}>
        <CirclePlus aria-hidden="true" />
        {t('clusters.list.configure')}
      </Link>
    </Button>
  )
}
