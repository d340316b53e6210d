/** Items joined as a sentence lists them: "a", "a and b", "a, b and c" (or "or" for a choice). */
export function listed(items: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  const last = items.at(-1);
  if (last === undefined) return '';
  return items.length === 1 ? last : `${items.slice(0, -1).join(', ')} ${conjunction} ${last}`;
}
