export const promo = {}
