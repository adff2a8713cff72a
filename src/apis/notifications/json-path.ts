import {
  type FilterFunction,
  FunctionExpressionType,
  JSONPathEnvironment,
  type JSONPathQuery,
  type JSONValue,
} from 'json-p3';
import { LRUCache } from 'lru-cache';
import { linearPattern, PatternError } from '../../platform/linear-patterns.js';
import { MATCH_BUDGET, MatchBudget } from '../../platform/match-budget.js';
import { literalPatternsOf } from './json-path-patterns.js';

/** The deepest nesting of brackets and parentheses a path may have. */
export const MAX_JSON_PATH_NESTING = 16;
/** Descendant segments (`..`) a path may have; none may stand inside a filter (each would walk the event again per node). */
export const MAX_DESCENDANT_SEGMENTS = 1;
/** The deepest the descendant segment walks into an event. */
const MAX_RECURSION_DEPTH = 32;
/** Object members one selection may visit: a path over an event of any size stops here, the same way each time. */
export const MAX_JSON_PATH_STEPS = 200_000;
/** Compiled paths kept per process, by text. */
const COMPILED_PATHS = 2_000;
/** What the `match`/`search` calls of one selection may spend: ten evaluations' worth (~50 ms at most, in the sandbox). */
export const SELECTION_MATCH_BUDGET = 10 * MATCH_BUDGET;

/** The pattern budget of the selection running now (selections are synchronous, one at a time). */
let patternBudget = new MatchBudget(SELECTION_MATCH_BUDGET);

/** RFC 9535 `match` and `search` on RE2 (linear time), not on JavaScript's backtracking regular expressions. */
function linearFunction(whole: boolean): FilterFunction {
  return {
    argTypes: [FunctionExpressionType.ValueType, FunctionExpressionType.ValueType],
    returnType: FunctionExpressionType.LogicalType,
    call(text: unknown, pattern: unknown): boolean {
      if (typeof text !== 'string' || typeof pattern !== 'string') return false;
      let compiled: ReturnType<typeof linearPattern>;
      try {
        compiled = linearPattern(pattern);
      } catch (error) {
        // A pattern read from the event itself may be anything: one that cannot be used matches nothing.
        if (error instanceof PatternError) return false;
        throw error;
      }
      // Past the selection's budget, the selection fails (MatchBudgetError), the same way on every run.
      return whole ? compiled.matchesWhole(text, patternBudget) : compiled.occursIn(text, patternBudget);
    },
  };
}

/** Steps taken by the selection running now (selections are synchronous, one at a time). */
let steps = 0;

/** The RFC 9535 environment of notification definitions: linear regular expressions, and every object member visited counted. */
class BoundedEnvironment extends JSONPathEnvironment {
  constructor() {
    super({ strict: true, maxRecursionDepth: MAX_RECURSION_DEPTH });
    this.functionRegister.set('match', linearFunction(true));
    this.functionRegister.set('search', linearFunction(false));
  }

  override entries(obj: { [key: string]: JSONValue }): Array<[string, JSONValue]> {
    const members = super.entries(obj);
    steps += members.length + 1;
    if (steps > MAX_JSON_PATH_STEPS)
      throw new Error(`the path visits more than ${MAX_JSON_PATH_STEPS} members of the event`);
    return members;
  }
}

const environment = new BoundedEnvironment();

/**
 * Checks a path on its text before it is parsed: its nesting, and its descendant segments (how many, and none inside
 * a filter). Answers the problem, or undefined.
 */
function textProblem(expression: string): string | undefined {
  const brackets: boolean[] = [];
  let descendants = 0;
  for (let i = 0; i < expression.length; i += 1) {
    const char = expression[i]!;
    if (char === '"' || char === "'") {
      for (i += 1; i < expression.length && expression[i] !== char; i += 1) if (expression[i] === '\\') i += 1;
    } else if (char === '[' || char === '(') {
      brackets.push(false);
      if (brackets.length > MAX_JSON_PATH_NESTING) return `nests brackets deeper than ${MAX_JSON_PATH_NESTING} levels`;
    } else if (char === ']' || char === ')') {
      brackets.pop();
    } else if (char === '?' && brackets.length > 0) {
      brackets[brackets.length - 1] = true;
    } else if (char === '.' && expression[i + 1] === '.') {
      descendants += 1;
      i += 1;
      if (brackets.includes(true)) return 'has a descendant segment (..) inside a filter';
      if (descendants > MAX_DESCENDANT_SEGMENTS)
        return `has more than ${MAX_DESCENDANT_SEGMENTS} descendant segment (..)`;
    }
  }
  return undefined;
}

const compiled = new LRUCache<string, JSONPathQuery | Error>({ max: COMPILED_PATHS });

/** The first pattern written in the path (`match(@, 'pattern')`) that cannot be used, as the path's problem. */
function patternProblem(query: JSONPathQuery): Error | undefined {
  for (const pattern of literalPatternsOf(query)) {
    try {
      linearPattern(pattern);
    } catch (error) {
      if (!(error instanceof PatternError)) throw error;
      return new Error(`has a pattern ${JSON.stringify(pattern.slice(0, 40))} that ${error.message}`);
    }
  }
  return undefined;
}

/** The path compiled once per process, or the reason it is refused (text limits first, then the RFC 9535 parse). */
function compile(expression: string): JSONPathQuery | Error {
  let outcome = compiled.get(expression);
  if (!outcome) {
    const problem = textProblem(expression);
    if (problem) outcome = new Error(problem);
    else {
      try {
        outcome = environment.compile(expression);
      } catch (error) {
        outcome = new Error(`is not an RFC 9535 JSONPath query (${(error as Error).message.slice(0, 200)})`);
      }
      if (!(outcome instanceof Error)) outcome = patternProblem(outcome) ?? outcome;
    }
    compiled.set(expression, outcome);
  }
  return outcome;
}

/** Why `expression` cannot be a definition's path (a limit, or not RFC 9535), or undefined when it can. */
export function jsonPathProblem(expression: string): string | undefined {
  const outcome = compile(expression);
  return outcome instanceof Error ? outcome.message : undefined;
}

/**
 * The values `expression` selects in `document` (none when the expression is refused). Throws when the selection
 * passes its step or depth limit: that outcome depends on the path and the event only.
 */
export function select(document: unknown, expression: string): unknown[] {
  const query = compile(expression);
  if (query instanceof Error) return [];
  steps = 0;
  patternBudget = new MatchBudget(SELECTION_MATCH_BUDGET);
  return query.query(document as JSONValue).values();
}

/** A selected value as text: strings as they are, everything else in its JSON form (`42`, `true`, `null`). */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
