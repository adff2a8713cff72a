/** Code (an expression, a field name, a pattern) is typed in the monospace font; its label and help stay in the text font. */
export const CODE_INPUT = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };
