import type { OperationKind } from '#common/schemas/clusters.ts'
import { OPERATION_NAMES } from '#server/provisioning/index.ts'
import { mailTemplate } from './template.ts'

/** The mails of the provisioning engine: a cluster is up, or an operation on it failed. */

export const clusterRunningMail = mailTemplate<{ name: string; clusterName: string; url: string }>({
  en: ({ name, clusterName, url }) => ({
    subject: `Your cluster ${clusterName} is running`,
    greet: name,
    paragraphs: [
      `Your cluster ${clusterName} is up and running.`,
      'Download its kubeconfig from the cluster page to start deploying.',
    ],
    action: { label: 'Open the cluster', url },
  }),
  fr: ({ name, clusterName, url }) => ({
    subject: `Votre cluster ${clusterName} est en service`,
    greet: name,
    paragraphs: [
      `Votre cluster ${clusterName} est prêt et en service.`,
      'Téléchargez son kubeconfig depuis la page du cluster pour commencer à déployer.',
    ],
    action: { label: 'Ouvrir le cluster', url },
  }),
})

/** An operation's name at the start of a French sentence (the English ones are the engine's own). */
const FRENCH_OPERATION_NAMES: Record<OperationKind, string> = {
  create: 'Le provisionnement',
  scale: 'Le redimensionnement',
  upgrade: 'La mise à niveau',
  hibernate: 'La mise en veille',
  wake: 'Le réveil',
  delete: 'La suppression',
}

export const clusterOperationFailedMail = mailTemplate<{
  name: string
  clusterName: string
  operation: OperationKind
  reason: string
  url: string
}>({
  en: ({ name, clusterName, operation, reason, url }) => ({
    subject: `${OPERATION_NAMES[operation]} of ${clusterName} failed`,
    greet: name,
    paragraphs: [
      `The ${OPERATION_NAMES[operation].toLowerCase()} of your cluster ${clusterName} failed.`,
      `Reason: ${reason}`,
      'Nothing was lost: the cluster page offers a retry, which resumes from the step that failed.',
    ],
    action: { label: 'Open the cluster', url },
  }),
  fr: ({ name, clusterName, operation, reason, url }) => ({
    subject: `${FRENCH_OPERATION_NAMES[operation]} de ${clusterName} a échoué`,
    greet: name,
    paragraphs: [
      `${FRENCH_OPERATION_NAMES[operation]} de votre cluster ${clusterName} a échoué.`,
      `Raison : ${reason}`,
      'Rien n’est perdu : la page du cluster propose de réessayer, en reprenant à l’étape qui a échoué.',
    ],
    action: { label: 'Ouvrir le cluster', url },
  }),
})
