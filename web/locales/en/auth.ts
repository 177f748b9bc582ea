export const auth = {}
