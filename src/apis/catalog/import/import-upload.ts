import { pipeline, type Readable, type Transform } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import secureJson from 'secure-json-parse';
import split2 from 'split2';
import type { Queryable } from '../../../platform/db/database.js';
import { PayloadTooLargeError, ValidationError } from '../../../platform/errors/domain-errors.js';
import { turnTaker } from '../../../platform/event-loop-turns.js';
import type { Doc, JsonSchemaNode } from '../../../platform/resource/declare.js';
import { CellError, recordOfCells, UNSTORABLE_RULE, unstorableField } from '../../../platform/resource/documents.js';
import { type StagedRow, stagePiece } from './import-rows.repository.js';
import type { ImportFormat } from './product-import.schema.js';

/** Rows a file may hold; a longer one is refused whole (413), nothing of it kept. */
export const MAX_IMPORT_ROWS = 2_000_000;
/** The longest line (NDJSON) or record (CSV) read: a product body is far smaller; a longer one is refused whole. */
export const MAX_ROW_BYTES = 1024 * 1024;

/** A row read from the file: the body, or why the line cannot be one. */
function stagedRow(line: number, body: unknown): StagedRow {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return { line, body: null, problem: { field: 'body', message: `line ${line} must be a JSON object (a product)` } };
  const unstorable = unstorableField(body, 'body');
  if (unstorable)
    return { line, body: null, problem: { field: unstorable, message: `${unstorable} ${UNSTORABLE_RULE}` } };
  return { line, body: body as Doc, problem: null };
}

function ndjsonRow(line: number, text: string): StagedRow {
  try {
    return stagedRow(line, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
  } catch (error) {
    return {
      line,
      body: null,
      problem: { field: 'line', message: `line ${line} is not JSON: ${(error as Error).message}` },
    };
  }
}

/** The NDJSON rows of `body`, numbered by line; blank lines are skipped (their numbers kept). */
async function* ndjsonRows(body: Readable): AsyncGenerator<StagedRow> {
  let line = 0;
  for await (const text of piped(body, split2({ maxLength: MAX_ROW_BYTES }))) {
    line += 1;
    if (String(text).trim() !== '') yield ndjsonRow(line, String(text));
  }
}

/** `body` into `transform`, a failure of either (a cut connection, a line too long) ending the transform's reading. */
function piped(body: Readable, transform: Transform): Transform {
  pipeline(body, transform, () => undefined);
  return transform;
}

/** `;` when the header row holds more of them than commas (files from spreadsheets set to many locales), else `,`. */
function separatorOf(headerLine: string): ',' | ';' {
  const count = (char: string) => headerLine.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** The first line of `body` (at most MAX_ROW_BYTES), put back so the parser reads it too. */
async function peekFirstLine(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const chunk = body.read() as Buffer | null;
    if (chunk === null) {
      if (body.readableEnded || body.destroyed) break;
      // An error or a cut connection ends the wait too: the parser then reports it.
      await new Promise((resolve) => {
        const done = () => {
          for (const event of ['readable', 'end', 'close', 'error']) body.off(event, done);
          resolve(undefined);
        };
        for (const event of ['readable', 'end', 'close', 'error']) body.once(event, done);
      });
      continue;
    }
    chunks.push(chunk);
    size += chunk.length;
    if (chunk.includes(10) || size > MAX_ROW_BYTES) break;
  }
  const head = Buffer.concat(chunks);
  if (head.length > 0) body.unshift(head);
  const text = head.toString('utf8');
  const end = text.indexOf('\n');
  return end < 0 ? text : text.slice(0, end);
}

/** The CSV rows of `body` as product bodies typed by `schema`, numbered by the line each record ends on. */
async function* csvRows(body: Readable, schema: JsonSchemaNode): AsyncGenerator<StagedRow> {
  const delimiter = separatorOf(await peekFirstLine(body));
  const parser = piped(
    body,
    parse({
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      max_record_size: MAX_ROW_BYTES,
    }),
  );
  let header: string[] | undefined;
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    if (!header) {
      header = record.map((column) => column.trim());
      const twice = header.find((column, at) => column !== '' && header!.indexOf(column) !== at);
      if (twice) throw new ValidationError(`the CSV header names the column "${twice}" twice`);
      continue;
    }
    const line = info.lines;
    if (record.length !== header.length) {
      yield {
        line,
        body: null,
        problem: { field: 'line', message: `line ${line} has ${record.length} cells; the header has ${header.length}` },
      };
      continue;
    }
    try {
      yield stagedRow(line, recordOfCells(schema, header, record));
    } catch (error) {
      if (!(error instanceof CellError)) throw error;
      yield { line, body: null, problem: { field: error.field, message: error.message } };
    }
  }
}

/** What a file that cannot be read at all answers: 413 for a row past the limit, 400 naming the line otherwise. */
function unreadable(error: unknown): unknown {
  if (error instanceof CsvError) {
    const line = (error as CsvError & { lines?: number }).lines;
    if (error.code === 'CSV_MAX_RECORD_SIZE')
      return new PayloadTooLargeError(`a CSV record is longer than ${MAX_ROW_BYTES} bytes (line ${line ?? '?'})`);
    return new ValidationError(`the CSV file cannot be read${line ? ` at line ${line}` : ''}: ${error.message}`);
  }
  if (error instanceof RangeError || /maximum buffer reached/i.test(String((error as Error)?.message)))
    return new PayloadTooLargeError(`a line is longer than ${MAX_ROW_BYTES} bytes`);
  return error;
}

/**
 * Reads an uploaded file into the import's rows as it arrives, a piece of `pieceRows` rows (one chunk of the job) a
 * statement (the file is never held whole), and answers how many rows it holds. Throws a 400 or 413 for a file that cannot be read; the caller
 * then forgets the rows already stored. The next rows are read and parsed while the database stores the ones before
 * (one statement in flight at most, so memory stays at two batches): reading and storing in turn left each idle half
 * the time.
 */
export async function stageUpload(
  db: Queryable,
  importId: string,
  format: ImportFormat,
  body: Readable,
  schema: JsonSchemaNode,
  pieceRows: number,
): Promise<number> {
  let rows = 0;
  let batch: StagedRow[] = [];
  let storing: Promise<void> = Promise.resolve();
  const store = async (full: StagedRow[]) => {
    await storing;
    storing = stagePiece(db, importId, full);
    // Awaited before the next batch and at the end: never an unhandled rejection meanwhile.
    storing.catch(() => undefined);
  };
  // A network read holds hundreds of lines, all parsed in one go without a turn for other requests: the loop takes
  // turns instead (5 ms at most between them).
  const pause = turnTaker();
  try {
    for await (const row of format === 'csv' ? csvRows(body, schema) : ndjsonRows(body)) {
      await pause();
      rows += 1;
      if (rows > MAX_IMPORT_ROWS)
        throw new PayloadTooLargeError(
          `the file holds more than ${MAX_IMPORT_ROWS} rows; split it into several imports`,
        );
      batch.push(row);
      if (batch.length === pieceRows) {
        await store(batch);
        batch = [];
      }
    }
  } catch (error) {
    // The caller forgets the rows staged: none may still be on its way.
    await storing.catch(() => undefined);
    throw unreadable(error);
  }
  await store(batch);
  await storing;
  return rows;
}
