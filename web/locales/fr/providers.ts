import type { providers as english } from '../en/providers.ts'

/** Les pages de test des fournisseurs : peut-on construire des clusters chez un fournisseur cloud ? */
export const providers: typeof english = {
  title: 'Vérification {{cloud}} ({{service}})',
  lead: 'Vérifie que Clusterdeck peut construire des clusters chez {{cloud}} : le fournisseur d’infrastructure Cluster API est installé dans le cluster de gestion, ses identifiants sont en place et une définition de cluster est acceptée à blanc. La vérification s’exécute à chaque ouverture de cette page.',
  runAgain: 'Relancer',
  running: 'Vérification en cours...',
  loading: 'Vérification de {{cloud}} en cours...',
  error: 'La vérification n’a pas pu s’exécuter : {{message}}',
  operatorOnlyTitle: 'Seul l’opérateur de la plateforme peut lancer cette vérification',
  operatorOnly:
    'Ces vérifications examinent l’infrastructure de la plateforme elle-même : le cluster de gestion et ses identifiants cloud. Demandez à l’opérateur de la plateforme si vous devez savoir si des clusters peuvent être construits ici.',
  simulatedTitle: 'Mode simulé',
  simulatedNotice:
    'Ce serveur utilise le pilote de provisionnement simulé : aucun cloud ni cluster de gestion n’a été contacté. Chaque étape ci-dessous indique ce que le pilote Cluster API vérifierait.',
  summary: {
    label: 'Résultat',
    ok: 'Les {{count}} vérifications ont réussi',
    failed_one: '{{count}} vérification sur {{total}} a échoué',
    failed_other: '{{count}} vérifications sur {{total}} ont échoué',
    simulated: 'Simulé : {{count}} vérifications décrites',
  },
  provider: 'Fournisseur',
  driver: 'Pilote',
  drivers: {
    simulated: 'Simulé',
    clusterapi: 'Cluster API',
  },
  checkedAt: 'Vérifié à',
  duration: 'Durée',
  durationValue: '{{ms}} ms',
  stepsLabel: 'Étapes de la vérification',
  state: {
    ok: 'OK',
    failed: 'Échec',
    simulated: 'Simulé',
  },
  steps: {
    infrastructure_provider: {
      title: 'Fournisseur d’infrastructure installé',
      hint: 'Les CustomResourceDefinitions du fournisseur existent dans le cluster de gestion.',
    },
    credentials: {
      title: 'Identifiants présents',
      hint: 'Les contrôleurs du fournisseur disposent d’un Secret avec les identifiants cloud.',
    },
    dry_run: {
      title: 'Création à blanc',
      hint: 'Un Cluster et son objet d’infrastructure passent la validation sans être créés.',
    },
  },
  otherProviders: 'Autres fournisseurs',
}
