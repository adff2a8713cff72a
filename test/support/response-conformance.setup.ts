import { afterAll, afterEach, expect } from 'vitest';
import { nameTestsWith, takeViolations, type Violation } from './response-conformance.js';

/**
 * Every test fails when a response it caused does not match the OpenAPI declaration of its route (an undeclared
 * status, a missing declared header, a body off its schema). Responses sent during `beforeAll` count for the file.
 */
nameTestsWith(() => expect.getState().currentTestName);

function report(found: Violation[]): string {
  const lines = found.slice(0, 20).map((v) => `  ${v.request} -> ${v.status}: ${v.problem}`);
  return `${found.length} response(s) do not match the OpenAPI document:\n${lines.join('\n')}`;
}

afterEach(() => {
  const found = takeViolations();
  if (found.length > 0) throw new Error(report(found));
});

afterAll(() => {
  const found = takeViolations();
  if (found.length > 0) throw new Error(report(found));
});
