import { emptyDraft, newNodePool, type WizardDraft } from './draft.ts'

/** A draft every check accepts, for the wizard's tests to change one thing of. */
export function validDraft(): WizardDraft {
  return {
    ...emptyDraft(),
    name: 'shop-prod',
    clusterTypeId: 'blue',
    dataCenterCode: 'de-fra-1',
    kubernetesVersion: '1.36',
    nodePools: [{ ...newNodePool('default', 'gp-2-8'), nodeCount: 3 }],
    addOnIds: ['monitoring'],
  }
}
