import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATORS } from '../../scripts/generators.js';

const scripts: Record<string, string> = JSON.parse(readFileSync('package.json', 'utf8')).scripts;

/** Scripts that write files but are no generator of committed, checked files, and why. */
const NOT_GENERATORS: Record<string, string> = {
  'docs:console':
    "screenshots of the console for its page: they need a browser and are pictures, compared by no one's test",
};

describe('the generators (scripts/generators.ts)', () => {
  it('`npm run generate` runs every one; each is an npm script', () => {
    expect(scripts.generate).toBe('tsx scripts/generate.ts');
    for (const generator of GENERATORS) expect(scripts[generator.script], generator.script).toBeDefined();
  });

  it('list every script that writes committed files (scripts/write-*.ts, scripts/generate-*.ts)', () => {
    const writers = Object.entries(scripts)
      .filter(([, command]) => /scripts\/(write|generate)-/.test(command))
      .map(([name]) => name)
      .filter((name) => !(name in NOT_GENERATORS));
    expect(writers.sort()).toEqual(GENERATORS.map((generator) => generator.script).sort());
  });

  it('each has a test that fails while its files are stale, and names the command to run', () => {
    for (const generator of GENERATORS) {
      for (const test of generator.checkedBy)
        expect(readFileSync(test, 'utf8'), `${test} names npm run ${generator.script}`).toContain(
          `npm run ${generator.script}`,
        );
    }
  });
});
