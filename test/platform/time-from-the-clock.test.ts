import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The service reads the time from its clock (src/platform/clock.ts) only: record dates, events, tokens, error bodies.
 * Tests move a `ManualClock` instead of sleeping, which works only if nothing else reads the time of day. So
 * `Date.now` (called or passed on), `new Date()` without arguments and `Date()` may appear in clock.ts alone.
 * Durations measured with `performance.now()` are not the time of day and stay allowed.
 */

const CLOCK = 'src/platform/clock.ts';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Where `text` reads the time of day without a clock: `line: code` for each place, comments and strings aside. */
export function clockBypasses(file: string, text: string): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const isDate = (node: ts.Node) => ts.isIdentifier(node) && node.text === 'Date';
  const visit = (node: ts.Node) => {
    const bypass =
      (ts.isPropertyAccessExpression(node) && isDate(node.expression) && node.name.text === 'now') ||
      (ts.isNewExpression(node) && isDate(node.expression) && (node.arguments?.length ?? 0) === 0) ||
      (ts.isCallExpression(node) && isDate(node.expression));
    if (bypass) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${file}:${line + 1}: ${text.split('\n')[line]!.trim()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('time from the clock only', () => {
  it(`reads the time of day in ${CLOCK} alone`, () => {
    const files = sources('src').filter((file) => file !== CLOCK);
    expect(files.length).toBeGreaterThan(100);
    const bypasses = files.flatMap((file) => clockBypasses(file, readFileSync(join(process.cwd(), file), 'utf8')));
    expect(bypasses, `read the time from the app's clock (${CLOCK}) instead`).toEqual([]);
  });

  it('finds each way of reading the time, and nothing in comments, strings or dates built from a value', () => {
    const sample = [
      'const a = Date.now();',
      'const b = new Date();',
      'const c = new Date;',
      'const d = Date();',
      'const e: () => number = Date.now;',
      '// Date.now() in a comment, new Date() too',
      "const f = 'Date.now()';",
      'const g = new Date(0);',
      'const h = new Date(clock.now().getTime() + 1000);',
      'const i = performance.now();',
    ].join('\n');
    expect(clockBypasses('x.ts', sample)).toEqual([
      'x.ts:1: const a = Date.now();',
      'x.ts:2: const b = new Date();',
      'x.ts:3: const c = new Date;',
      'x.ts:4: const d = Date();',
      'x.ts:5: const e: () => number = Date.now;',
    ]);
  });
});
