/** The part of jexl 2.3 (untyped CommonJS) the price functions use. */
declare module 'jexl' {
  export interface JexlAst {
    type: string;
    [key: string]: unknown;
  }
  export interface JexlExpression {
    _getAst(): JexlAst;
    eval(context?: object): Promise<unknown>;
  }
  export class Jexl {
    addBinaryOp(operator: string, precedence: number, fn: (left: unknown, right: unknown) => unknown, manualEval?: boolean): void;
    addUnaryOp(operator: string, fn: (right: unknown) => unknown): void;
    addFunction(name: string, fn: (...args: unknown[]) => unknown): void;
    compile(expression: string): JexlExpression;
  }
  const instance: Jexl & { Jexl: typeof Jexl };
  export default instance;
}
