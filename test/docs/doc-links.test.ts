import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Links and citations between the documentation and the code resolve:
 * - every relative link (and reference definition) of README.md and of the pages under docs/ names a file that
 *   exists, and its `#anchor`, when the target is a markdown page, names one of that page's headings;
 * - every citation of a page in the sources, tests, scripts, benchmarks, deployment files and the console's sources,
 *   and in the pages themselves: a page path (docs/NAME.md) exists; with `#anchor`, the anchor is one of its headings;
 *   with `§N` (docs/product-decisions.md §7), a numbered heading `N.` of that page; with a quoted heading name
 *   (docs/catalog.md, "Product operations"), the start of one of its headings. A link whose text cites `§N` is
 *   checked the same way.
 * Anchors are GitHub's: the heading's text in lower case, punctuation dropped, spaces as hyphens, `-1`, `-2`... on
 * repeats.
 */

const ROOT = process.cwd();

/** Markdown pages: README.md and every page under docs/. */
function pages(): string[] {
  return ['README.md', ...filesUnder('docs', (name) => name.endsWith('.md'))];
}

/** Files whose text may cite pages of docs/ (this one aside: its examples cite pages that do not exist on purpose). */
function citingFiles(): string[] {
  const code = (name: string) => /\.(ts|tsx|mts|js|mjs|sh)$/.test(name);
  return ['src', 'test', 'scripts', 'bench', 'deploy', 'console/src']
    .flatMap((dir) => filesUnder(dir, code))
    .filter((file) => file !== 'test/docs/doc-links.test.ts');
}

function filesUnder(dir: string, wanted: (name: string) => boolean): string[] {
  if (!existsSync(join(ROOT, dir))) return [];
  return readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules' && entry.name !== 'dist')
    .flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return filesUnder(path, wanted);
      return entry.isFile() && wanted(entry.name) ? [path] : [];
    })
    .sort();
}

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The text with fenced code blocks and inline code spans blanked out (line breaks kept, so line numbers hold). */
function prose(markdown: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  return markdown
    .replace(/^ {0,3}(```|~~~)[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm, blank)
    .replace(/`(?:[^`\n]|\n(?![ \t]*\n))*`/g, blank);
}

/** The headings of a page as text: links reduced to their text, code, emphasis and HTML marks dropped. */
function headings(markdown: string): string[] {
  const found: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const marker = /^ {0,3}(```|~~~)/.exec(line)?.[1];
    if (marker && (fence === undefined || fence === marker)) {
      fence = fence === undefined ? marker : undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const heading = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    found.push(
      heading
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/<[^>]+>/g, '')
        .replace(/[`*]/g, '')
        .replace(/\\([!-/:-@[-`{-~])/g, '$1')
        .trim(),
    );
  }
  return found;
}

/** GitHub's anchors (github-slugger) of a page's headings, plus any explicit `id`/`name` anchors in its HTML. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const repeats = new Map<string, number>();
  for (const heading of headings(markdown)) {
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    let anchor = base;
    while (anchors.has(anchor)) {
      const n = (repeats.get(base) ?? 0) + 1;
      repeats.set(base, n);
      anchor = `${base}-${n}`;
    }
    anchors.add(anchor);
  }
  for (const [, id] of markdown.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) anchors.add(id!);
  return anchors;
}

const pageCache = new Map<string, { anchors: Set<string>; headings: string[] }>();
function page(path: string) {
  let known = pageCache.get(path);
  if (!known) {
    const text = read(path);
    known = { anchors: anchorsOf(text), headings: headings(text) };
    pageCache.set(path, known);
  }
  return known;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** What is wrong with a link from `from` to `target` (a path relative to `from`'s directory, maybe with `#anchor`). */
function linkProblem(from: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return undefined;
  const hash = target.indexOf('#');
  const pathPart = decodeURIComponent(hash >= 0 ? target.slice(0, hash) : target);
  const anchor = hash >= 0 ? decodeURIComponent(target.slice(hash + 1)) : undefined;
  const path =
    pathPart === ''
      ? from
      : normalize(join(dirname(from), pathPart))
          .replace(/\\/g, '/')
          .replace(/\/$/, '');
  if (path.startsWith('..')) return `${target} leaves the repository`;
  if (!existsSync(join(ROOT, path))) return `${target}: no file ${path}`;
  if (anchor === undefined || anchor === '' || !path.endsWith('.md')) return undefined;
  return page(path).anchors.has(anchor) ? undefined : `${target}: ${path} has no heading with the anchor #${anchor}`;
}

/** What is wrong with a citation of section `n` (§N) of a page: it must have a heading numbered `N.`. */
function sectionProblem(path: string, n: string): string | undefined {
  if (!existsSync(join(ROOT, path))) return `${path} §${n}: no file ${path}`;
  return page(path).headings.some((heading) => heading.startsWith(`${n}. `))
    ? undefined
    : `${path} §${n}: ${path} has no section ${n}`;
}

/** Citations of pages of docs/ in any text (paths from the repository's root). */
function citationProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  const report = (index: number, problem: string | undefined) =>
    problem && problems.push(`${file}:${lineOf(text, index)}: ${problem}`);
  for (const match of text.matchAll(/(?<![\w/.-])docs\/([\w./-]*\w\.md)(#[\p{L}\p{M}\p{N}_-]+)?/gu)) {
    const path = `docs/${match[1]}`;
    report(match.index, linkProblem('README.md', `${path}${match[2] ?? ''}`));
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 200);
    const sections = /^,? ?((?:§ ?\d+(?:, ?(?=§))?)+)/.exec(after)?.[1];
    for (const [, n] of sections?.matchAll(/§ ?(\d+)/g) ?? []) report(match.index, sectionProblem(path, n!));
    const quoted = /^,\s+"([^"\n]+)"/.exec(after)?.[1];
    if (
      quoted &&
      existsSync(join(ROOT, path)) &&
      !page(path).headings.some((heading) => heading.toLowerCase().startsWith(quoted.toLowerCase()))
    ) {
      report(match.index, `${path}, "${quoted}": ${path} has no heading starting so`);
    }
  }
  return problems;
}

describe('links and citations between the documentation and the code', () => {
  it('every relative link of README.md and docs/ names an existing file and heading', () => {
    const problems: string[] = [];
    for (const file of pages()) {
      const text = prose(read(file));
      const links = [
        ...text.matchAll(/!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g),
        ...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm),
      ];
      for (const link of links) {
        const problem = linkProblem(file, link[1]!);
        if (problem) problems.push(`${file}:${lineOf(text, link.index)}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every link whose text cites a section (§N) names a numbered heading of its page', () => {
    const problems: string[] = [];
    for (const file of pages()) {
      const text = prose(read(file));
      for (const link of text.matchAll(/\[([^\]]*§ ?\d+[^\]]*)\]\(\s*([^)\s#]+\.md)(?:#[^)\s]*)?\s*\)/g)) {
        const path = normalize(join(dirname(file), link[2]!)).replace(/\\/g, '/');
        for (const [, n] of link[1]!.matchAll(/§ ?(\d+)/g)) {
          const problem = sectionProblem(path, n!);
          if (problem) problems.push(`${file}:${lineOf(text, link.index)}: ${problem}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('every citation of docs/NAME.md, with #anchor, §N or a quoted heading, resolves', () => {
    const problems = [...citingFiles(), ...pages()].flatMap((file) => citationProblems(file, read(file)));
    expect(problems).toEqual([]);
  });

  it('finds what it checks (anchors as GitHub makes them, citations in comments)', () => {
    const anchors = anchorsOf(
      '# A `b` — C/d\n## Same\n## Same\n```sh\n# not a heading\n```\n### CORS_ORIGINS, 16 K: ok',
    );
    expect([...anchors]).toEqual(['a-b--cd', 'same', 'same-1', 'cors_origins-16-k-ok']);
    const cited = [
      'docs/product-decisions.md §7',
      'docs/product-decisions.md §99',
      'docs/decisions.md#input-bounds',
      'docs/decisions.md#no-such-decision',
      'docs/none.md',
    ]
      .map((citation) => `// ${citation}\n`)
      .join('');
    expect(citationProblems('x.ts', cited)).toEqual([
      'x.ts:2: docs/product-decisions.md §99: docs/product-decisions.md has no section 99',
      'x.ts:4: docs/decisions.md#no-such-decision: docs/decisions.md has no heading with the anchor #no-such-decision',
      'x.ts:5: docs/none.md: no file docs/none.md',
    ]);
  });
});
