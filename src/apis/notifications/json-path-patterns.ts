import { type JSONPathQuery, jsonpath } from 'json-p3';

const PATTERN_FUNCTIONS = new Set(['match', 'search']);

/**
 * The patterns a compiled path writes as literals (`match(@.name, '[A-Z]+')`, `search(@, 'x')`), found by walking its
 * segments, selectors and filter expressions, nested queries included: they are checked when the path is stored.
 */
export function literalPatternsOf(query: JSONPathQuery): string[] {
  const patterns: string[] = [];
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (node instanceof jsonpath.expressions.FunctionExtension && PATTERN_FUNCTIONS.has(node.name)) {
      const pattern = node.args[1];
      if (pattern instanceof jsonpath.expressions.StringLiteral) patterns.push(pattern.value);
    }
    for (const [key, value] of Object.entries(node)) {
      // The environment and tokens hold no expression, and the environment would lead back to every compiled path.
      if (key !== 'environment' && key !== 'token') visit(value);
    }
  };
  visit(query);
  return patterns;
}
