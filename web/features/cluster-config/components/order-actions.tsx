import { ShoppingCart } from 'lucide-react'
import { useMemo, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { href } from '#common/routes.ts'
import type { Order, OrderRequest } from '#common/schemas/orders.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FormAlert } from '#web/components/ui/form.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { ApiError } from '#web/lib/api-client.ts'
import { IdempotencyKeys } from '#web/lib/idempotency.ts'
import { toast } from '#web/lib/toast-store.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { usePlaceOrder } from '../api/place-order.ts'
import { clearDraft } from '../draft.ts'
import { SaveTemplateDialog } from './save-template-dialog.tsx'
import type { StepProps } from './step-props.ts'
import '#web/lib/strings/cluster-config.ts'

/** "Save as template" and "Order cluster", with the order's outcome. */
export function OrderActions({
  request,
  wizard,
}: {
  request: OrderRequest | null
  wizard: StepProps['wizard']
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const placeOrder = usePlaceOrder()
  const keys = useRef(new IdempotencyKeys())
  const [saveOpen, setSaveOpen] = useState(false)

  const provisioningPath = useMemo(() => {
    // The alias of the configuration page leads to the alias of the provisioning page.
    const alias = pathname.replace(/\/+$/, '') === href('configureClusterAlias')
    return href(alias ? 'clusterProvisioningAlias' : 'clusterProvisioning')
  }, [pathname])

  const order = () => {
    wizard.form.clearErrors('root.server')
    if (!wizard.revealFirstInvalid() || !request) return
    const idempotencyKey = keys.current.keyFor(request)
    placeOrder.mutate(
      { request, idempotencyKey },
      {
        onSuccess: (placed: Order) => {
          keys.current.reset()
          wizard.stopPersisting()
          clearDraft()
          toast({
            title: t('clusterConfig.order.placed'),
            description:
              placed.status === 'pending_approval'
                ? t('clusterConfig.order.pendingApproval', { reference: placed.reference })
                : t('clusterConfig.order.confirmed', {
                    reference: placed.reference,
                    name: placed.clusterName,
                  }),
            variant: 'success',
          })
          navigate(`${provisioningPath}?${new URLSearchParams({ order: placed.id })}`)
        },
        onError: (error) => {
          // A field at fault (a 400's issue, a name already taken) shows beside that field.
          if (wizard.showServerProblems(error, { fieldOfCode: { CLUSTER_NAME_TAKEN: 'name' } })) return
          wizard.form.setError('root.server', {
            message: error instanceof ApiError ? error.message : t('clusterConfig.order.network'),
          })
        },
      },
    )
  }

  return (
    <div className="grid gap-4">
      <div data-testid="order-error" className="empty:hidden">
        <FormAlert />
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            if (wizard.revealFirstInvalid() && request) setSaveOpen(true)
          }}
        >
          {t('clusterConfig.templates.save')}
        </Button>
        <Button
          type="button"
          size="lg"
          onClick={order}
          disabled={placeOrder.isPending}
          aria-busy={placeOrder.isPending}
          data-testid="order-cluster"
        >
          {placeOrder.isPending ? <Spinner className="size-4" /> : <ShoppingCart aria-hidden="true" />}
          {placeOrder.isPending ? t('clusterConfig.order.placing') : t('clusterConfig.order.button')}
        </Button>
      </div>
      {request && saveOpen && (
        <SaveTemplateDialog
          open={saveOpen}
          onOpenChange={setSaveOpen}
          configuration={request.configuration}
        />
      )}
    </div>
  )
}
