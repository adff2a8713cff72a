/** Why an expression could not be evaluated (division by zero, a non-number operand, a limit): its message is shown. */
export class ExpressionError extends Error {
  override name = 'ExpressionError';
}
