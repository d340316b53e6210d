/** The page number from an address's `?page=`: 1 when missing or not a positive whole number. */
export function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
