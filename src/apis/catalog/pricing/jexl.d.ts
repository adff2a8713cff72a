/** The part of jexl 2.3 (untyped CommonJS) the price functions use: its parser, and its grammar for our evaluator. */
declare module 'jexl' {
  export interface JexlAst {
    type: string;
    [key: string]: unknown;
  }
  export interface JexlExpression {
    _getAst(): JexlAst;
  }
  export interface JexlGrammarElement {
    type: string;
    eval?: (...operands: unknown[]) => unknown;
    evalOnDemand?: unknown;
  }
  export interface JexlGrammar {
    elements: Record<string, JexlGrammarElement>;
    functions: Record<string, (...args: unknown[]) => unknown>;
  }
  export class Jexl {
    readonly _grammar: JexlGrammar;
    addBinaryOp(
      operator: string,
      precedence: number,
      fn: (left: unknown, right: unknown) => unknown,
      manualEval?: boolean,
    ): void;
    addUnaryOp(operator: string, fn: (right: unknown) => unknown): void;
    addFunction(name: string, fn: (...args: unknown[]) => unknown): void;
    compile(expression: string): JexlExpression;
  }
  const instance: Jexl & { Jexl: typeof Jexl };
  export default instance;
}
