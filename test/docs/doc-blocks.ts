import { readdirSync, readFileSync } from 'node:fs';

/**
 * How a page's `sh` blocks are run by the documentation tests. An HTML comment right before a block (invisible on
 * rendered pages) says what it is when it is not an example to run in order:
 * - `<!-- doc-test: skip -->` installs or starts something the test does itself (npm install, the cluster);
 * - `<!-- doc-test: server -->` starts the server: its `export NAME=value` lines are the test server's settings;
 * - `<!-- doc-test: prelude -->` the README's blocks every page continues from (`$API`, `field`, `$TOKEN`).
 */
export type BlockRole = 'example' | 'skip' | 'server' | 'prelude';

export interface DocBlock {
  page: string;
  /** 1-based line of the opening fence. */
  line: number;
  role: BlockRole;
  text: string;
}

const BLOCK = /(?:<!-- doc-test: (skip|server|prelude) -->\n)?^```sh\n([\s\S]*?)^```$/gm;

export function blocksOf(page: string, markdown = readFileSync(page, 'utf8')): DocBlock[] {
  const blocks: DocBlock[] = [];
  for (const match of markdown.matchAll(BLOCK)) {
    const fence = match.index! + (match[1] ? match[0].indexOf('```') : 0);
    blocks.push({
      page,
      line: markdown.slice(0, fence).split('\n').length,
      role: (match[1] as BlockRole | undefined) ?? 'example',
      text: match[2]!,
    });
  }
  return blocks;
}

/** README.md, then every page of docs/, in name order. */
export function documentedPages(): string[] {
  return [
    'README.md',
    ...readdirSync('docs')
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name) => `docs/${name}`),
  ];
}

/** The settings `export NAME=value` lines of the pages' server blocks give (quotes removed). */
export function serverSettings(blocks: DocBlock[]): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const block of blocks.filter((b) => b.role === 'server')) {
    for (const [, name, value] of block.text.matchAll(/^export (\w+)=(\S+)$/gm))
      settings[name!] = value!.replace(/^(['"])(.*)\1$/, '$2');
  }
  return settings;
}
