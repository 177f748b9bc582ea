import type { promo as english } from '../en/promo.ts'

export const promo: typeof english = {
  region: 'Réduction pour les nouveaux utilisateurs',
  headline: 'Nouveaux utilisateurs : {{percent}} % de réduction avec le code',
  copyCode: 'Copier le code promo {{code}}',
  copied: 'Copié !',
  firstPurchase: 'Valable uniquement pour le premier achat',
  limitedTime: 'Offre à durée limitée',
  dismiss: 'Masquer la barre de réduction',
  restore: 'Afficher la barre de réduction',
  restoreTab: '-{{percent}} %',
  copiedTitle: 'Code copié',
  copiedDescription:
    'Saisissez {{code}} lors du paiement pour obtenir {{percent}} % de réduction sur votre premier achat.',
  copyFailedTitle: 'Impossible de copier le code',
  copyFailedDescription:
    'Saisissez {{code}} lors du paiement pour obtenir {{percent}} % de réduction sur votre premier achat.',
  restoredTitle: 'Barre de réduction rétablie !',
  restoredDescription: 'Utilisez le code {{code}} pour {{percent}} % de réduction sur votre premier achat.',
}
