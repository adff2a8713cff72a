import fastJsonStringify from 'fast-json-stringify';
import type { TObject, TSchema } from 'typebox';
import { Obj } from '../schema-types.js';

/**
 * A JSON answer written into one buffer, piece by piece: text is gathered and encoded in place once per run, bytes
 * kept elsewhere (`frozenJson`) are copied in. `end` gives the answer.
 */
export class JsonBytes {
  private buffer: Buffer;
  private length = 0;
  private text = '';

  /** `expected`: the answer's likely size in bytes (the buffer grows past it). */
  constructor(expected = 16 * 1024) {
    this.buffer = Buffer.allocUnsafe(expected);
  }

  write(text: string): void {
    this.text += text;
  }

  writeBytes(bytes: Buffer): void {
    this.flush();
    this.reserve(bytes.length);
    this.length += bytes.copy(this.buffer, this.length);
  }

  end(): Buffer {
    this.flush();
    return this.buffer.subarray(0, this.length);
  }

  private flush(): void {
    if (this.text === '') return;
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    this.reserve(this.text.length * 3);
    this.length += this.buffer.write(this.text, this.length);
    this.text = '';
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }
}

export type ValueWriter<T> = (out: JsonBytes, value: T) => void;

/** Shared schemas by `$id`, for the `$ref`s of the schemas compiled here. */
export type SchemaRefs = Record<string, TSchema>;

/** `schemas` by their own `$id`. */
export function schemaRefs(...schemas: TSchema[]): SchemaRefs {
  return Object.fromEntries(schemas.map((schema) => [(schema as { $id?: string }).$id!, schema]));
}

/** fast-json-stringify for `schema`, its references resolved in `refs`. */
export function jsonSerializer<T>(schema: TSchema, refs: SchemaRefs): (value: T) => string {
  return fastJsonStringify(schema as never, { schema: refs as never }) as (value: T) => string;
}

/**
 * What `write` writes for a value, kept beside the value when it is frozen: a frozen value is a cache entry that
 * cannot change, asked for again and again (a priced product's price), so it is written once. Long JSON is kept as
 * bytes (copied, not encoded again); short JSON as text, which joins the text around it for less.
 */
export function frozenWriter<T extends object>(write: ValueWriter<T>): ValueWriter<T> {
  const kept = new WeakMap<T, Buffer | string>();
  return (out, value) => {
    if (!Object.isFrozen(value)) return write(out, value);
    let json = kept.get(value);
    if (json === undefined) {
      const own = new JsonBytes(1024);
      write(own, value);
      const bytes = own.end();
      kept.set(value, (json = bytes.length > SHORT_JSON ? Buffer.from(bytes) : bytes.toString()));
    }
    if (typeof json === 'string') out.write(json);
    else out.writeBytes(json);
  };
}

/** `frozenWriter` for a value `serialize` turns into JSON. */
export function frozenJson<T extends object>(serialize: (value: T) => string): ValueWriter<T> {
  return frozenWriter((out, value) => out.write(serialize(value)));
}

/** Characters up to which kept JSON stays text. */
const SHORT_JSON = 128;

/** Characters a JSON string escapes. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters JSON escapes are what this finds.
const JSON_ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/** `JSON.stringify(text)`, for less when nothing needs escaping (ids, codes). */
const jsonString = (text: string): string => (JSON_ESCAPED.test(text) ? JSON.stringify(text) : `"${text}"`);

export function arrayWriter<T>(item: ValueWriter<T>): ValueWriter<T[]> {
  return (out, values) => {
    out.write('[');
    values.forEach((value, i) => {
      if (i > 0) out.write(',');
      item(out, value);
    });
    out.write(']');
  };
}

/** A map with string keys (`Type.Record(Type.String(), ...)`), keys in insertion order as fast-json-stringify writes them. */
export function mapWriter<T>(value: ValueWriter<T>): ValueWriter<Record<string, T>> {
  return (out, map) => {
    out.write('{');
    let first = true;
    for (const key of Object.keys(map)) {
      out.write(`${first ? '' : ','}${jsonString(key)}:`);
      value(out, map[key]!);
      first = false;
    }
    out.write('}');
  };
}

/** How a value of a scalar schema is written when it has the schema's own type; anything else goes to fast-json-stringify. */
const SCALARS: Record<string, (value: unknown) => string | undefined> = {
  string: (value) => (typeof value === 'string' ? jsonString(value) : undefined),
  integer: (value) => (Number.isInteger(value) ? String(value) : undefined),
  number: (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined),
  boolean: (value) => (typeof value === 'boolean' ? String(value) : undefined),
};

/** The writer of a schema's scalar values (one `type`, no format turning a Date into text), if it is one. */
function scalarOf(schema: TSchema): ((value: unknown) => string | undefined) | undefined {
  const { type, format } = schema as { type?: unknown; format?: unknown };
  return typeof type === 'string' && format === undefined ? SCALARS[type] : undefined;
}

type Piece<T> =
  | { kind: 'run'; serialize: (value: T) => string }
  | { kind: 'own'; name: string; first: string; next: string; required: boolean; write: ValueWriter<never> }
  | {
      kind: 'scalar';
      name: string;
      first: string;
      next: string;
      required: boolean;
      text: (value: unknown) => string | undefined;
      serialize: (value: T) => string;
    };

/** A scalar property's JSON, or undefined when it is left out. */
function scalarText<T>(piece: Extract<Piece<T>, { kind: 'scalar' }>, value: T, property: unknown): string | undefined {
  if (property === undefined && !piece.required) return undefined;
  const text = piece.text(property);
  if (text !== undefined) return text;
  // fast-json-stringify says what becomes of a value of another type (or of a missing required one): `{"name":...}`.
  const written = piece.serialize(value).slice(1, -1);
  return written === '' ? undefined : written.slice(piece.first.length);
}

/** `"name":`, as the first property and as a following one. */
const namePrefixes = (name: string) => ({ first: `${JSON.stringify(name)}:`, next: `,${JSON.stringify(name)}:` });

/**
 * An object of `schema` written as fast-json-stringify writes it (required properties first, undefined ones left
 * out), except the properties given in `own`, which their writer writes. Scalar properties holding a value of their
 * own type are written here; a scalar of another type (which fast-json-stringify coerces or refuses) and every other
 * property are serialized by fast-json-stringify from the schema itself, so what they accept and how they look does
 * not change.
 */
export function objectWriter<T extends object>(
  schema: TObject,
  refs: SchemaRefs,
  own: { [K in keyof T]?: ValueWriter<NonNullable<T[K]>> },
): ValueWriter<T> {
  const pieces: Piece<T>[] = [];
  let run: Record<string, TSchema> = {};
  const endRun = () => {
    if (Object.keys(run).length === 0) return;
    // The properties keep their Optional marks, so the run's object requires what the schema requires.
    pieces.push({ kind: 'run', serialize: jsonSerializer<T>(Obj(run), refs) });
    run = {};
  };
  // fast-json-stringify writes the required properties first, each group in schema order.
  const required = new Set(schema.required ?? []);
  const ordered = Object.entries(schema.properties).sort(
    ([a], [b]) => Number(required.has(b)) - Number(required.has(a)),
  );
  for (const [name, property] of ordered) {
    const write = own[name as keyof T];
    const text = write ? undefined : scalarOf(property);
    if (!write && !text) {
      run[name] = property;
      continue;
    }
    endRun();
    if (write)
      pieces.push({
        kind: 'own',
        name,
        ...namePrefixes(name),
        required: required.has(name),
        write: write as ValueWriter<never>,
      });
    else
      pieces.push({
        kind: 'scalar',
        name,
        ...namePrefixes(name),
        required: required.has(name),
        text: text!,
        serialize: jsonSerializer<T>(Obj({ [name]: property }), refs),
      });
  }
  endRun();
  const only = pieces.length === 1 ? pieces[0]! : undefined;
  if (only?.kind === 'run') {
    const { serialize } = only;
    return (out, value) => out.write(serialize(value));
  }
  return (out, value) => {
    out.write('{');
    let first = true;
    for (const piece of pieces) {
      if (piece.kind === 'run') {
        // `{...}` with the run's properties; `{}` when none of them is set.
        const inner = piece.serialize(value).slice(1, -1);
        if (inner === '') continue;
        out.write(first ? inner : `,${inner}`);
      } else {
        const property = (value as Record<string, unknown>)[piece.name];
        if (piece.kind === 'own') {
          if (property === undefined) {
            // As fast-json-stringify refuses it: an answer missing a required part is a bug, not a shorter answer.
            if (piece.required) throw new Error(`${JSON.stringify(piece.name)} is required!`);
            continue;
          }
          out.write(first ? piece.first : piece.next);
          piece.write(out, property as never);
        } else {
          const text = scalarText(piece, value, property);
          if (text === undefined) continue;
          out.write(first ? piece.first : piece.next);
          out.write(text);
        }
      }
      first = false;
    }
    out.write('}');
  };
}
