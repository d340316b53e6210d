/**
 * The stored working's criteria, as a list: the analysis stores them by name (SpeakingTestResult's
 * `criteria`, `{ fluency: {...}, ... }`); a list of them is read too. Entries without a name are left out.
 */
export function storedCriteria(criteria: unknown): { criterion: string; base?: number; advice?: string }[] {
  if (typeof criteria !== 'object' || criteria === null) return [];
  const entries: unknown[] = Array.isArray(criteria) ? criteria : Object.entries(criteria).map(([name, entry]) => (typeof entry === 'object' && entry !== null ? { criterion: name, ...entry } : null));
  return entries.flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { criterion, base, advice } = entry as { criterion?: unknown; base?: unknown; advice?: unknown };
    if (typeof criterion !== 'string') return [];
    return [{ criterion, ...(typeof base === 'number' ? { base } : {}), ...(typeof advice === 'string' ? { advice } : {}) }];
  });
}
