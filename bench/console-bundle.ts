import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleSize {
  /** The scripts the console's page loads before it shows anything: its entry and what that entry preloads. */
  initialScripts: string[];
  initialJsGzipBytes: number;
  initialCssGzipBytes: number;
  /** Every script of the build (screens load theirs when first opened). */
  allJsGzipBytes: number;
}

const gzipped = (dist: string, file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** The console's size as a browser downloads it, read from its built page (the entry, modulepreloads, stylesheets). */
export function consoleBundleSize(dist: string, allScripts: string[]): BundleSize {
  const page = readFileSync(join(dist, 'index.html'), 'utf8');
  const attribute = (pattern: RegExp) =>
    [...page.matchAll(pattern)].map((match) => match[1]!.replace(/^\/console\//, ''));
  const initialScripts = [
    ...attribute(/<script type="module"[^>]*src="([^"]+)"/g),
    ...attribute(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
  ];
  const styles = attribute(/<link rel="stylesheet"[^>]*href="([^"]+)"/g);
  const sum = (files: string[]) => files.reduce((total, file) => total + gzipped(dist, file), 0);
  return {
    initialScripts,
    initialJsGzipBytes: sum(initialScripts),
    initialCssGzipBytes: sum(styles),
    allJsGzipBytes: sum(allScripts),
  };
}
