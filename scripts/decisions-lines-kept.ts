/**
 * Checks that docs/decisions.md still holds every line of an earlier version: each non-empty line that is not a
 * heading must appear in the current file, verbatim, at least as often as it did. Headings may be renamed; the ones
 * no longer present are listed for information. Used when the page was reordered by topic (issue 24), and when
 * sections written meanwhile are merged into it.
 *
 *   npx tsx scripts/decisions-lines-kept.ts <git ref of the earlier version>   (default: main)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const ref = process.argv[2] ?? 'main';
const earlier = execFileSync('git', ['show', `${ref}:docs/decisions.md`], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
}).split('\n');
const current = readFileSync('docs/decisions.md', 'utf8').split('\n');

const available = new Map<string, number>();
for (const line of current) available.set(line.trimEnd(), (available.get(line.trimEnd()) ?? 0) + 1);

let checked = 0;
const missing: string[] = [];
const renamedHeadings: string[] = [];
earlier.forEach((raw, index) => {
  const line = raw.trimEnd();
  if (line.trim() === '') return;
  if (/^#{1,6} /.test(line)) {
    if (!available.has(line)) renamedHeadings.push(`${index + 1}: ${line}`);
    return;
  }
  checked += 1;
  const left = available.get(line) ?? 0;
  if (left === 0) missing.push(`${index + 1}: ${line}`);
  else available.set(line, left - 1);
});

console.log(
  `${checked} non-empty lines other than headings in ${ref}:docs/decisions.md; ${checked - missing.length} found verbatim in docs/decisions.md`,
);
if (renamedHeadings.length > 0)
  console.log(
    `\n${renamedHeadings.length} headings not present as such (renamed or replaced):\n${renamedHeadings.join('\n')}`,
  );
if (missing.length > 0) {
  console.log(`\n${missing.length} lines not found:\n${missing.join('\n')}`);
  process.exitCode = 1;
}
