import { useParams } from 'react-router'
import { InstallationDetail } from '#web/features/marketplace/components/installation-detail.tsx'

/** /orders/products/{id}: one installation of a product on a cluster. */
export default function InstallationDetailRoute() {
  const { id = '' } = useParams()
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <InstallationDetail id={id} />
    </div>
  )
}
