import { Plus } from 'lucide-react'
import { useFieldArray } from 'react-hook-form'
import { CNI_PLUGINS, DEFAULT_POD_CIDR, DEFAULT_SERVICE_CIDR } from '#common/schemas/clusters.ts'
import { SegmentedChoice } from '#web/components/layout/segmented-choice.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { CheckboxField } from '#web/components/ui/checkbox-field.tsx'
import { FormField, FormInputField } from '#web/components/ui/form.tsx'
import { useValidationMessage } from '#web/lib/form/validation-message.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'
import { newRowId } from '../draft.ts'
import { RemoveRowButton, RowInput } from './controls.tsx'
import type { StepProps } from './step-props.ts'
import '#web/lib/strings/cluster-config.ts'

const CNI_NAMES = { cilium: 'Cilium', calico: 'Calico' } as const

/** Step 5: networking — CNI, private network, pod and service blocks, and the API allow-list. */
export function NetworkingStep({ wizard }: StepProps) {
  const { t } = useTranslation()
  const translate = useValidationMessage()
  const { control } = wizard.form
  const { networking } = wizard.draft
  const allowList = useFieldArray({ control, name: 'networking.apiAllowList' })

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <span className="text-sm font-medium" id="cni-label">
          {t('clusterConfig.networking.cni')}
        </span>
        <FormField
          control={control}
          name="networking.cni"
          render={({ field }) => (
            <SegmentedChoice
              label={t('clusterConfig.networking.cni')}
              className="max-w-sm"
              value={field.value}
              options={CNI_PLUGINS.map((cni) => ({ value: cni, label: CNI_NAMES[cni] }))}
              onChange={field.onChange}
            />
          )}
        />
        <p className="text-xs text-muted-foreground">
          {t(`clusterConfig.networking.cniHint.${networking.cni}`)}
        </p>
      </div>

      <FormField
        control={control}
        name="networking.privateNetwork"
        render={({ field }) => (
          <CheckboxField
            name={field.name}
            label={t('clusterConfig.networking.privateNetwork')}
            hint={t('clusterConfig.networking.privateNetworkHint')}
            checked={field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <FormInputField
          control={control}
          name="networking.podCidr"
          label={t('clusterConfig.networking.podCidr')}
          description={t('clusterConfig.networking.defaultHint', { value: DEFAULT_POD_CIDR })}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
        />
        <FormInputField
          control={control}
          name="networking.serviceCidr"
          label={t('clusterConfig.networking.serviceCidr')}
          description={t('clusterConfig.networking.defaultHint', { value: DEFAULT_SERVICE_CIDR })}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
        />
      </div>

      <div className="grid gap-2" data-testid="api-allow-list">
        <h3 className="text-sm font-medium">{t('clusterConfig.networking.allowList')}</h3>
        <p className="text-xs text-muted-foreground">{t('clusterConfig.networking.allowListHint')}</p>
        {allowList.fields.map((row, index) => (
          <div key={row.id} className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2 sm:max-w-md">
            <FormField
              control={control}
              name={`networking.apiAllowList.${index}.cidr`}
              render={({ field, fieldState }) => (
                <RowInput
                  {...field}
                  label={t('clusterConfig.networking.allowedCidr', { row: index + 1 })}
                  placeholder="203.0.113.0/24"
                  autoComplete="off"
                  spellCheck={false}
                  className="font-mono"
                  error={fieldState.error?.message ? translate(fieldState.error.message) : undefined}
                />
              )}
            />
            <RemoveRowButton
              label={t('clusterConfig.networking.removeCidr', { row: index + 1 })}
              onClick={() => allowList.remove(index)}
            />
          </div>
        ))}
        <div>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => allowList.append({ id: newRowId(), cidr: '' }, { shouldFocus: false })}
          >
            <Plus aria-hidden="true" />
            {t('clusterConfig.networking.addCidr')}
          </Button>
        </div>
      </div>
    </div>
  )
}
