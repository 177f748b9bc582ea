import { Plus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { CNI_PLUGINS, DEFAULT_POD_CIDR, DEFAULT_SERVICE_CIDR } from '#common/schemas/clusters.ts'
import { SegmentedChoice } from '#web/components/layout/segmented-choice.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { newRowId, type WizardDraft } from '../draft.ts'
import { CheckboxField, RemoveRowButton, RowInput } from './controls.tsx'
import type { StepProps } from './step-props.ts'

const CNI_NAMES = { cilium: 'Cilium', calico: 'Calico' } as const

/** Step 5: networking — CNI, private network, pod and service blocks, and the API allow-list. */
export function NetworkingStep({ wizard }: StepProps) {
  const { t } = useTranslation()
  const { networking } = wizard.draft
  const setNetworking = (change: Partial<WizardDraft['networking']>, fields: string[]) =>
    wizard.update(
      (current) => ({ ...current, networking: { ...current.networking, ...change } }),
      fields.map((field) => `networking.${field}`),
    )
  const setAllowList = (rows: WizardDraft['networking']['apiAllowList'], fields: string[] = []) =>
    setNetworking({ apiAllowList: rows }, fields)

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <span className="text-sm font-medium" id="cni-label">
          {t('clusterConfig.networking.cni')}
        </span>
        <SegmentedChoice
          label={t('clusterConfig.networking.cni')}
          className="max-w-sm"
          value={networking.cni}
          options={CNI_PLUGINS.map((cni) => ({ value: cni, label: CNI_NAMES[cni] }))}
          onChange={(cni) => setNetworking({ cni }, ['cni'])}
        />
        <p className="text-xs text-muted-foreground">
          {t(`clusterConfig.networking.cniHint.${networking.cni}`)}
        </p>
      </div>

      <CheckboxField
        name="networking.privateNetwork"
        label={t('clusterConfig.networking.privateNetwork')}
        hint={t('clusterConfig.networking.privateNetworkHint')}
        checked={networking.privateNetwork}
        onCheckedChange={(privateNetwork) => setNetworking({ privateNetwork }, ['privateNetwork'])}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t('clusterConfig.networking.podCidr')}
          hint={t('clusterConfig.networking.defaultHint', { value: DEFAULT_POD_CIDR })}
          error={wizard.errorOf('networking.podCidr')}
        >
          {(control) => (
            <Input
              {...control}
              name="networking.podCidr"
              value={networking.podCidr}
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              onChange={(event) => setNetworking({ podCidr: event.target.value }, ['podCidr'])}
            />
          )}
        </FormField>
        <FormField
          label={t('clusterConfig.networking.serviceCidr')}
          hint={t('clusterConfig.networking.defaultHint', { value: DEFAULT_SERVICE_CIDR })}
          error={wizard.errorOf('networking.serviceCidr')}
        >
          {(control) => (
            <Input
              {...control}
              name="networking.serviceCidr"
              value={networking.serviceCidr}
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              onChange={(event) => setNetworking({ serviceCidr: event.target.value }, ['serviceCidr'])}
            />
          )}
        </FormField>
      </div>

      <div className="grid gap-2" data-testid="api-allow-list">
        <h3 className="text-sm font-medium">{t('clusterConfig.networking.allowList')}</h3>
        <p className="text-xs text-muted-foreground">{t('clusterConfig.networking.allowListHint')}</p>
        {networking.apiAllowList.map((row, index) => (
          <div key={row.id} className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2 sm:max-w-md">
            <RowInput
              name={`networking.apiAllowList.${index}`}
              label={t('clusterConfig.networking.allowedCidr', { row: index + 1 })}
              placeholder="203.0.113.0/24"
              value={row.cidr}
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              error={wizard.errorOf(`networking.apiAllowList.${index}`)}
              onChange={(event) =>
                setAllowList(
                  networking.apiAllowList.map((entry, position) =>
                    position === index ? { ...entry, cidr: event.target.value } : entry,
                  ),
                  [`apiAllowList.${index}`],
                )
              }
            />
            <RemoveRowButton
              label={t('clusterConfig.networking.removeCidr', { row: index + 1 })}
              onClick={() =>
                setAllowList(networking.apiAllowList.filter((_, position) => position !== index))
              }
            />
          </div>
        ))}
        <div>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => setAllowList([...networking.apiAllowList, { id: newRowId(), cidr: '' }])}
          >
            <Plus aria-hidden="true" />
            {t('clusterConfig.networking.addCidr')}
          </Button>
        </div>
      </div>
    </div>
  )
}
