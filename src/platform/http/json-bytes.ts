import fastJsonStringify from 'fast-json-stringify';
import type { TObject, TSchema } from 'typebox';
import { Obj } from '../registry/schema-types.js';

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
 * The JSON of a value as `serialize` writes it, kept beside the value when it is frozen: a frozen value is a cache
 * entry that cannot change, asked for again and again (a priced product's price), so it is written once. Long JSON
 * is kept as bytes (copied, not encoded again); short JSON as text, which joins the text around it for less.
 */
export function frozenJson<T extends object>(serialize: (value: T) => string): ValueWriter<T> {
  const kept = new WeakMap<T, Buffer | string>();
  return (out, value) => {
    if (!Object.isFrozen(value)) return out.write(serialize(value));
    let json = kept.get(value);
    if (json === undefined) {
      const text = serialize(value);
      kept.set(value, (json = text.length > SHORT_JSON ? Buffer.from(text) : text));
    }
    if (typeof json === 'string') out.write(json);
    else out.writeBytes(json);
  };
}

/** Characters up to which kept JSON stays text. */
const SHORT_JSON = 128;

/** Characters a JSON string escapes. */
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

type Piece<T> = { own: false; serialize: (value: T) => string } | { own: true; name: string; write: ValueWriter<never> };

/**
 * An object of `schema` written as fast-json-stringify writes it (required properties first, undefined ones left
 * out), except the properties given in `own`, which their writer writes. The other properties are serialized in
 * runs by fast-json-stringify from the schema itself, so what they accept and how they look does not change.
 */
export function objectWriter<T extends object>(schema: TObject, refs: SchemaRefs, own: { [K in keyof T]?: ValueWriter<NonNullable<T[K]>> }): ValueWriter<T> {
  const pieces: Piece<T>[] = [];
  let run: Record<string, TSchema> = {};
  const endRun = () => {
    if (Object.keys(run).length === 0) return;
    // The properties keep their Optional marks, so the run's object requires what the schema requires.
    pieces.push({ own: false, serialize: jsonSerializer<T>(Obj(run), refs) });
    run = {};
  };
  // fast-json-stringify writes the required properties first, each group in schema order.
  const required = new Set(schema.required ?? []);
  const ordered = Object.entries(schema.properties).sort(([a], [b]) => Number(required.has(b)) - Number(required.has(a)));
  for (const [name, property] of ordered) {
    const write = own[name as keyof T];
    if (!write) {
      run[name] = property;
      continue;
    }
    endRun();
    pieces.push({ own: true, name, write: write as ValueWriter<never> });
  }
  endRun();
  const only = pieces.length === 1 ? pieces[0]! : undefined;
  if (only && !only.own) {
    const { serialize } = only;
    return (out, value) => out.write(serialize(value));
  }
  return (out, value) => {
    out.write('{');
    let first = true;
    for (const piece of pieces) {
      if (piece.own) {
        const property = (value as Record<string, unknown>)[piece.name];
        if (property === undefined) continue;
        out.write(`${first ? '' : ','}${JSON.stringify(piece.name)}:`);
        piece.write(out, property as never);
      } else {
        // `{...}` with the run's properties; `{}` when none of them is set.
        const inner = piece.serialize(value).slice(1, -1);
        if (inner === '') continue;
        out.write(first ? inner : `,${inner}`);
      }
      first = false;
    }
    out.write('}');
  };
}
