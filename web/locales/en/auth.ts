export const auth = {
  loggedOut: 'Logged out successfully',
  logoutFailed: 'Logout failed',
  loggingOut: 'Logging out...',
  logout: 'Logout',
}
