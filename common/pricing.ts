/**
 * The yearly discount shown beside a yearly price: the rounded percentage saved against paying
 * the monthly price twelve times (spec §5).
 */
export function yearlyDiscountPercent(monthlyPrice: number, yearlyPrice: number): number {
  const twelveMonths = monthlyPrice * 12
  if (twelveMonths <= 0) return 0
  return Math.round(((twelveMonths - yearlyPrice) / twelveMonths) * 100)
}
