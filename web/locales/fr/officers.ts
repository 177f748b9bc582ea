export const officers = {
  subtitle:
    'Examinez ce qui attend l’opérateur : les commandes pour des centres de données HDS et celles au-delà d’une limite de crédit.',
  noAccess: 'Le panneau des responsables est réservé aux responsables de l’opérateur.',
  backToDashboard: 'Retour au tableau de bord',
  approvals: {
    title: 'Commandes en attente d’approbation',
    loading: 'Chargement des commandes en attente…',
    loadFailed: 'Les commandes n’ont pas pu être chargées : {{message}}',
    retry: 'Réessayer',
    emptyTitle: 'Aucune commande en attente',
    emptyHint:
      'Les nouvelles commandes pour des centres HDS ou au-delà d’une limite de crédit apparaissent ici.',
    type: 'Type de cluster',
    dataCenter: 'Centre de données',
    nodes: 'Nœuds',
    cycle: 'Facturation',
    cycles: { monthly: 'Mensuelle', yearly: 'Annuelle' },
    reason: 'Motif de l’attente :',
    note: 'Note au client (obligatoire pour refuser)',
    approve: 'Approuver',
    decline: 'Refuser',
    approvedTitle: 'Commande approuvée',
    declinedTitle: 'Commande refusée',
    decidedText: '{{reference}} : le client a été prévenu.',
    failed: 'La décision n’a pas été enregistrée',
  },
}
