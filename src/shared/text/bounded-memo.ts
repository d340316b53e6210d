/**
 * `compute` remembered per word: scoring a test looks each of its words up several times over
 * (features, relevance, ranks). Bounded: when `max` words are held the memory starts afresh, so a
 * stream of made-up words cannot grow it without end.
 */
export function boundedMemo<V>(compute: (word: string) => V, max: number): (word: string) => V {
  const known = new Map<string, V>();
  return (word) => {
    if (known.has(word)) return known.get(word) as V;
    if (known.size >= max) known.clear();
    const value = compute(word);
    known.set(word, value);
    return value;
  };
}
