import { query, type JsonValue } from 'jsonpath-rfc9535';
import parseJsonPath from 'jsonpath-rfc9535/parser';

/** Why `expression` is not an RFC 9535 JSONPath query, or undefined when it is one. */
export function jsonPathProblem(expression: string): string | undefined {
  try {
    parseJsonPath(expression);
    return undefined;
  } catch (error) {
    return `is not an RFC 9535 JSONPath query (${(error as Error).message.slice(0, 200)})`;
  }
}

/** The values `expression` selects in `document` (none when the expression is invalid). */
export function select(document: unknown, expression: string): unknown[] {
  try {
    return query(document as JsonValue, expression);
  } catch {
    return [];
  }
}

/** A selected value as text: strings as they are, everything else in its JSON form (`42`, `true`, `null`). */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
