export const header = {}
