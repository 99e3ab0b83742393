/**
 * French typography of the copy (issue 19): a non-breaking space (U+00A0) before ? ! : ; and », after «,
 * in thousands and between a number and its unit or noun ('4 200 visites', '15 minutes', '+70 %', '195 €');
 * typographic apostrophes (’) and ellipses (…); the euro written '€', not 'EUR'. Used by the locale tests.
 */
export interface FrenchTypographyIssue { text: string; rule: string }

const rules: { rule: string; test: RegExp }[] = [
  { rule: 'ordinary space before ? ! : ; or » (use U+00A0)', test: /[ \u2009]([?!:;»])/ },
  { rule: 'no space before ? ! ; (use U+00A0)', test: /[\p{L}\p{N}%€)][?!;](?=\s|$)/u },
  { rule: 'no non-breaking space after «', test: /«(?!\u00a0)/ },
  { rule: 'straight apostrophe (use ’)', test: /\p{L}'\p{L}/u },
  { rule: 'three dots (use …)', test: /\.\.\./ },
  { rule: "'EUR' in French copy (write '€')", test: /\d\s*EUR\b/ },
  { rule: 'ordinary space in a thousand (use U+00A0)', test: /(?<![\d,])\d{1,3} \d{3}(?!\d)/ },
  { rule: 'ordinary space between a number and its unit or noun (use U+00A0)', test: /(?<![\d,])(?!(?:19|20)\d\d )\d+(?:,\d+)?\+? (?!(?:à|et|ou)(?!\p{L}))[\p{L}%€$]/u },
];

/** The typography rules `text` breaks; `allowed` are texts kept verbatim (quoted by the spec). */
export function frenchTypographyIssues(texts: Iterable<string>, allowed: readonly string[] = []): FrenchTypographyIssue[] {
  const issues: FrenchTypographyIssue[] = [];
  for (const text of texts) {
    if (allowed.includes(text)) continue;
    for (const { rule, test } of rules) if (test.test(text)) issues.push({ text, rule });
  }
  return issues;
}

/** Every string in a resource tree (objects, arrays), for the checks above. */
export function* stringsOf(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* stringsOf(item);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) yield* stringsOf(item);
}

/** The key path of every leaf of a resource tree ('a.b.c'), to compare two languages' files. */
export function keyPathsOf(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, item]) => keyPathsOf(item, prefix ? `${prefix}.${key}` : key));
}
