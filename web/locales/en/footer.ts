export const footer = {}
