import type { auth as english } from '../en/auth.ts'

export const auth: typeof english = {
  loggedOut: 'Déconnexion réussie',
  logoutFailed: 'Échec de la déconnexion',
  loggingOut: 'Déconnexion...',
  logout: 'Se déconnecter',
}
