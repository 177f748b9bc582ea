import { CirclePlus } from 'lucide-react'
import { Link } from 'react-router'
import { href } from '#common/routes.ts'
import { Button } from '#web/components/ui/button.tsx'
import { useTranslation } from '#web/lib/use-translation.tsx'
import '#web/lib/strings/clusters.ts'

/** The way into the configuration wizard when there is no cluster yet. */
export function ConfigureClusterButton() {
  const { t } = useTranslation()
  return (
    <Button asChild>
      <Link to={href('configureCluster')}>
        <CirclePlus aria-hidden="true" />
        {t('clusters.list.configure')}
      </Link>
    </Button>
  )
}
