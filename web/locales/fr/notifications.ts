import type { notifications as english } from '../en/notifications.ts'

export const notifications: typeof english = {
  title: 'Notifications',
  open: 'Notifications',
  openWithUnread: 'Notifications ({{badge}} non lues)',
  unreadSummary: '{{count}} non lue(s)',
  markAllRead: 'Tout marquer comme lu',
  markRead: 'Marquer comme lue',
  moveToTrash: 'Mettre à la corbeille',
  viewAll: 'Voir toutes les notifications',
  unread: 'Non lue',
  loading: 'Chargement des notifications...',
  empty: 'Vous êtes à jour',
  emptyHint: 'Les nouvelles notifications sur vos clusters, commandes et compte apparaissent ici.',
  types: {
    success: 'Succès',
    warning: 'Avertissement',
    error: 'Erreur',
    system: 'Système',
    info: 'Information',
  },
  toast: {
    successTitle: 'Succès',
    errorTitle: 'Erreur',
    allMarkedRead: 'Toutes les notifications sont marquées comme lues',
    movedToTrash: 'Notification mise à la corbeille',
    markReadFailed: 'Impossible de marquer la notification comme lue',
    markAllReadFailed: 'Impossible de marquer toutes les notifications comme lues',
    trashFailed: 'Impossible de mettre la notification à la corbeille',
  },
}
