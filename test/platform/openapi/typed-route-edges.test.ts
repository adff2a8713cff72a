import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Route edges are typed from their schemas (the TypeBox type provider, or route generics from the schemas' Static
 * types; a body declared by media type through `bodyByMediaType`): a handler never casts what it reads. This scans
 * every source file, so a cast added later fails here with its place.
 */
const SRC = new URL('../../../src/', import.meta.url);

/** `request.body as`, `req.query as`, `(request.params as ...)`, across a line break too. */
const CAST = /\b(?:request|req)\??\.(?:body|query|params)\s+as\b/g;

/** Whether the match at `index` is inside a comment (a `//` before it on its line, or a `*` comment line). */
function inComment(text: string, index: number): boolean {
  const lineStart = text.lastIndexOf('\n', index) + 1;
  const before = text.slice(lineStart, index);
  return before.includes('//') || /^\s*(?:\/\*|\*)/.test(before);
}

/** `file:line: the line` for every cast of a request part in `text`. */
function requestCasts(file: string, text: string): string[] {
  return [...text.matchAll(CAST)]
    .filter((match) => !inComment(text, match.index))
    .map((match) => {
      const line = text.slice(0, match.index).split('\n').length;
      return `${file}:${line}: ${text.split('\n')[line - 1]!.trim()}`;
    });
}

describe('typed route edges', () => {
  it('no source file casts request.body, request.query or request.params', () => {
    const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(100);
    const casts = files.flatMap((file) => requestCasts(`src/${file}`, readFileSync(new URL(file, SRC), 'utf8')));
    expect(casts, `type these from the route's schemas instead:\n${casts.join('\n')}`).toEqual([]);
  });

  it('recognises the casts it forbids, and not their mention in a comment', () => {
    const text = [
      'const a = request.body as Doc;',
      'const { b } = (req.query as { b?: string });',
      'const c = (request.params',
      '  as Record<string, string>).id;',
      '// request.body as X, in a comment',
      ' * request.query as Y, in a doc comment',
      'const d = request.bodyAs;',
    ].join('\n');
    expect(requestCasts('x.ts', text)).toEqual([
      'x.ts:1: const a = request.body as Doc;',
      'x.ts:2: const { b } = (req.query as { b?: string });',
      'x.ts:3: const c = (request.params',
    ]);
  });
});
