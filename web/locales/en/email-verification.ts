export const emailVerification = {}
