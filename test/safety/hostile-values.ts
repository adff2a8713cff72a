/** The values the safety tests send: each one has broken a server somewhere. */

export const LONG = 'x'.repeat(100_000);
export const HUGE_BODY_BYTES = 1_100_000;
export const DEPTH = 10_000;

/** Strings shaped like what a careless server would interpret: SQL, JSONPath, templates, paths, prototypes. */
export const HOSTILE_STRINGS: Record<string, string> = {
  'NUL character': 'a\u0000b',
  'lone surrogate': 'a\ud800b',
  'SQL injection': "' OR 1=1; DROP TABLE terms; --",
  JSONPath: "$..*[?(@.customerId != '')]",
  'Liquid template': '{{ 7 | times: 7 }}{% assign x = "y" %}{{ event.what }}',
  'JS template': '${7*7}#{7*7}<%= 7*7 %>',
  'path traversal': '../../../../etc/passwd',
  __proto__: '__proto__',
  'over-long (100k)': LONG,
};

export const HOSTILE_NUMBERS: Record<string, unknown> = {
  '1e308': 1e308,
  '2^63': 9223372036854775808,
  '-2^63-1': -9223372036854775809,
  'a fraction': 1.5,
  'numeric text': '12',
};

/** Path segment values: the router, the id lookup and the database must all answer 4xx. */
export const HOSTILE_IDS: Record<string, string> = {
  'very long (5000)': 'i'.repeat(5000),
  'broken percent-encoding': '%E0%A4%A',
  'encoded NUL': 'a%00b',
  'encoded lone surrogate': '%ED%A0%80',
  // A whole `..` segment is resolved by the client before it is sent; these reach the server as they are.
  dots: '...',
  'dot-dot inside': 'a..b',
  'encoded traversal': '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  __proto__: '__proto__',
  'SQL-shaped': encodeURIComponent("1' OR '1'='1"),
};

export const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
export const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Percent-encoding that also carries a lone surrogate (as the bytes of its ill-formed UTF-8), which encodeURIComponent refuses. */
export function encode(value: string): string {
  // Runs of well-formed text are encoded as usual; each lone surrogate becomes the three bytes UTF-8 forbids for it.
  return (value.match(/[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]|[^\ud800-\udfff]+/g) ?? [])
    .map((run) =>
      run.length === 1 && /[\ud800-\udfff]/.test(run) ? surrogateBytes(run.charCodeAt(0)) : encodeURIComponent(run),
    )
    .join('');
}

function surrogateBytes(code: number): string {
  return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
    .map((b) => `%${b.toString(16).toUpperCase()}`)
    .join('');
}
