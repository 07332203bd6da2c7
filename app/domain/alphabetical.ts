/**
 * Alphabetical order without locale data: names compare by their letters with accents and case
 * folded away ("Åland Islands" sits among the A's), then as written, so the order is total and
 * the same on the server and in every browser. `Intl.Collator` would give a finer order, but
 * building the first one costs a phone 10–15 ms of ICU data loading in the middle of hydration.
 */
export function alphabeticalKey(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// Sorting n names compares each about log2(n) times: fold each once. The names sorted are a
// site's fixed lists (countries, places), so the cache stays small; the bound is a safeguard.
const keys = new Map<string, string>();
function cachedKey(name: string): string {
  let key = keys.get(name);
  if (key === undefined) {
    if (keys.size >= 2_000) keys.clear();
    key = alphabeticalKey(name);
    keys.set(name, key);
  }
  return key;
}

export function compareAlphabetical(a: string, b: string): number {
  return compareCodeUnits(cachedKey(a), cachedKey(b)) || compareCodeUnits(a, b);
}

/** The items sorted by `nameOf`, each name folded once. */
export function sortAlphabetical<T>(items: readonly T[], nameOf: (item: T) => string): T[] {
  return items
    .map((item) => ({ item, name: nameOf(item), key: alphabeticalKey(nameOf(item)) }))
    .sort((x, y) => compareCodeUnits(x.key, y.key) || compareCodeUnits(x.name, y.name))
    .map(({ item }) => item);
}
