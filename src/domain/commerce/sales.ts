/** The sales chart's day label (spec 2.4 and 9: 'MMM DD'), e.g. 'Nov 05'; days are UTC days. */
export function salesDayLabel(date: Date): string {
  const month = date.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  return `${month} ${String(date.getUTCDate()).padStart(2, '0')}`;
}

export interface SaleForChart {
  date: string;
  amount: number;
  paymentStatus: 'paid' | 'refunded';
}

export interface SalesDay {
  label: string;
  purchases: number;
  amount: number;
}

/**
 * Purchases and the sum of their amounts per day, oldest first, refunded payments left out (spec 2.4).
 * Days without a sale between the first and the last are kept at zero so the chart's axis is even.
 */
export function salesByDay(sales: readonly SaleForChart[]): SalesDay[] {
  const paid = sales.filter((sale) => sale.paymentStatus === 'paid').map((sale) => ({ ...sale, day: sale.date.slice(0, 10) }));
  if (paid.length === 0) return [];
  const days = new Map<string, SalesDay>();
  const sorted = paid.map((sale) => sale.day).sort();
  for (
    let day = new Date(`${sorted[0]}T00:00:00Z`);
    day.toISOString().slice(0, 10) <= sorted.at(-1)!;
    day = new Date(day.getTime() + 86_400_000)
  ) {
    days.set(day.toISOString().slice(0, 10), { label: salesDayLabel(day), purchases: 0, amount: 0 });
  }
  for (const sale of paid) {
    const bucket = days.get(sale.day)!;
    bucket.purchases += 1;
    bucket.amount = Math.round((bucket.amount + sale.amount) * 100) / 100;
  }
  return [...days.values()];
}
