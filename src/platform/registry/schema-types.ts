import Type, { type TObject, type TProperties, type TSchema } from 'typebox';

/** A closed object: unknown fields are dropped from bodies (Ajv `removeAdditional`) and never serialised. */
export function Obj<P extends TProperties>(properties: P, options: Record<string, unknown> = {}): TObject<P> {
  return Type.Object(properties, { additionalProperties: false, ...options });
}

/** A string enum as JSON Schema `{type: string, enum}`, typed as the union of its values. */
export function StringEnum<const V extends readonly string[]>(values: V, options: Record<string, unknown> = {}) {
  return Type.Unsafe<V[number]>({ type: 'string', enum: [...values], ...options });
}

export function StringMap<S extends TSchema>(value: S, options: Record<string, unknown> = {}) {
  return Type.Record(Type.String(), value, options);
}

/** ISO 8601 date-time string. */
export function DateTime(options: Record<string, unknown> = {}) {
  return Type.String({ format: 'date-time', ...options });
}

/** Shared fields of persisted resources (specification, "Shared fields"). */
export const sharedFields = {
  id: Type.Optional(Type.String({ description: 'server-generated, opaque and time-ordered', readOnly: true })),
  createDate: Type.Optional(DateTime({ readOnly: true })),
  updateDate: Type.Optional(DateTime({ readOnly: true })),
  dbVersion: Type.Optional(
    Type.Integer({ minimum: 0, description: 'optimistic-concurrency counter: 0 on create, +1 on each update; a stale value on update answers 412' }),
  ),
  lastUpdateReason: Type.Optional(Type.String()),
  originalId: Type.Optional(Type.String()),
  customerId: Type.Optional(Type.String({ description: 'the customer (tenant) owning the record; absent on operator records' })),
};
