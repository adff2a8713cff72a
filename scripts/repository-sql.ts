import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * The hand-written SQL of the APIs, read from their source: every string or template literal that holds a statement
 * or a part of one. A repository (`src/apis/<api>/<name>.repository.ts`) is the only file that may hold it; its
 * literals are written to docs/sql/repositories/<name>.md by `npm run sql:snapshots`, and tests hold both rules.
 */
export const APIS_DIR = 'src/apis';
export const REPOSITORY_SNAPSHOTS_DIR = 'docs/sql/repositories';
export const isRepository = (file: string) => file.endsWith('.repository.ts');

/**
 * A statement (`SELECT … FROM`, `SELECT f(…)`, `INSERT INTO`, `UPDATE … SET`, `DELETE FROM`, `… FOR UPDATE`) or a
 * condition written against columns (`doc #>> '{…}'`, `doc->>'…' IN (…)`, `status IN ('…')`, `CASE WHEN`, `IS NULL`). Keywords in capitals, as
 * every statement here is written; prose never matches.
 */
const SQL = [
  /\bSELECT\b[\s\S]*\bFROM\b/,
  /\bSELECT\s+[a-z_]+\(/,
  /\bINSERT INTO\b/,
  /\bUPDATE\s+\S+\s+SET\b/,
  /\bDELETE FROM\b/,
  /\bFOR UPDATE\b/,
  /\bdoc\s*(#>>|->>|->|#>|@>)/,
  /\bIN \((['$]|SELECT\b)/,
  /\bCASE WHEN\b/,
  /\bIS (NOT )?NULL\b/,
];
export const looksLikeSql = (text: string) => SQL.some((pattern) => pattern.test(text));

export interface SqlLiteral {
  /** The function, method, constant or property the literal belongs to (the outermost named one). */
  owner: string;
  line: number;
  /** The literal as written, `${…}` interpolations included, indentation removed. */
  text: string;
}

function ownerName(node: ts.Node): string {
  let name = '(module)';
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (
      (ts.isFunctionDeclaration(at) ||
        ts.isVariableDeclaration(at) ||
        ts.isMethodDeclaration(at) ||
        ts.isPropertyAssignment(at)) &&
      at.name &&
      ts.isIdentifier(at.name) &&
      (ts.isSourceFile(at.parent) ||
        ts.isFunctionDeclaration(at) ||
        (ts.isVariableDeclaration(at) && ts.isSourceFile(at.parent.parent.parent)))
    )
      name = at.name.text;
  }
  return name;
}

function dedent(text: string): string {
  const lines = text.split('\n');
  const indents = lines
    .slice(1)
    .filter((line) => line.trim())
    .map((line) => line.length - line.trimStart().length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return [lines[0]!, ...lines.slice(1).map((line) => line.slice(cut))].join('\n').trim();
}

/** The SQL literals of one source file, in order; a literal nested in another's interpolation is part of it. */
export function sqlLiterals(file: string, source = readFileSync(file, 'utf8')): SqlLiteral[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.ES2022, true);
  const found: SqlLiteral[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      const written = node.getText(tree);
      const text = ts.isStringLiteral(node) ? node.text : written.slice(1, -1);
      if (looksLikeSql(text)) {
        const line = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1;
        found.push({ owner: ownerName(node), line, text: dedent(text) });
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** Every TypeScript file under `dir`, relative paths, sorted. */
export function sourceFiles(dir = APIS_DIR): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(dir, file))
    .sort();
}

/** The repository's name in docs/sql/repositories: `iam.repository.ts` → `iam.repository.md`. */
export const snapshotName = (file: string) => `${file.split('/').at(-1)!.replace(/\.ts$/, '')}.md`;

/** The snapshot of one repository: each literal under the name of what holds it. */
export function repositorySnapshot(file: string, source?: string): string {
  const literals = sqlLiterals(file, source);
  const path = relative('.', file);
  const parts = [
    `# Repository \`${path}\`: its SQL\n\nEvery statement and SQL part the file holds, as written (\`\${…}\` is a part put in when it runs). Written by \`npm run sql:snapshots\`; a test fails when the file's SQL changes and this file was not rewritten.\n`,
  ];
  let owner: string | undefined;
  for (const literal of literals) {
    if (literal.owner !== owner) parts.push(`## \`${literal.owner}\`\n`);
    owner = literal.owner;
    parts.push(`\`\`\`sql\n${literal.text}\n\`\`\`\n`);
  }
  if (literals.length === 0) parts.push('(no SQL)\n');
  return parts.join('\n');
}
