import { errorOn, type FieldErrors } from './field-errors';

/** The draft's fields that hold any text (not a choice among named values). */
type TextField<D> = {
  [K in keyof D]-?: string extends NonNullable<D[K]> ? (NonNullable<D[K]> extends string ? K : never) : never;
}[keyof D];
/** The draft's fields that hold a yes or no. */
type FlagField<D> = { [K in keyof D]-?: NonNullable<D[K]> extends boolean ? K : never }[keyof D];
/** The draft's fields that hold any texts (not choices among named values). */
type ListField<D> = { [K in keyof D]-?: string[] extends NonNullable<D[K]> ? K : never }[keyof D];
/** The draft's fields that hold a number. */
type NumberField<D> = { [K in keyof D]-?: NonNullable<D[K]> extends number ? K : never }[keyof D];
/** The draft's fields that hold an object (a part of the body with fields of its own). */
type PartField<D> = { [K in keyof D]-?: NonNullable<D[K]> extends object ? K : never }[keyof D];

/** What a text input types: an input's or a textarea's change. */
type Typed = { currentTarget: { value: string } };
type Ticked = { currentTarget: { checked: boolean } };

export interface DraftBinding<D> {
  draft: D;
  /** Sets some fields of the draft. */
  update: (patch: Partial<D>) => void;
  /** Why the last save was refused, by field path of the API's body. */
  errors: FieldErrors;
  /** Where the draft stands in the body the API checked (`discountPlan`): its fields' errors are named under it. */
  path?: string;
  /** Every input shows its value and takes no change (a principal who may not write). */
  readOnly?: boolean;
}

const patchOf = <D>(field: keyof D, value: unknown) => ({ [field]: value }) as Partial<D>;

/**
 * How each input of a form binds to one field of its draft: the field's value, the change that sets it, and the error
 * the last refused save named for it (or for anything below it). Spread into the input:
 * `<TextInput label="Name" {...fields.text('name')} />`.
 */
export function draftFields<D extends object>({ draft, update, errors, path, readOnly }: DraftBinding<D>) {
  const pathOf = (field: PropertyKey) => (path ? `${path}.${String(field)}` : String(field));
  const error = (field: keyof D) => errorOn(errors, pathOf(field));
  return {
    error,
    /** A text input (TextInput, Textarea, PasswordInput); an unset field shows empty. */
    text: (field: TextField<D>) => ({
      value: String(draft[field] ?? ''),
      onChange: (event: Typed) => update(patchOf<D>(field, event.currentTarget.value)),
      error: error(field),
      readOnly,
    }),
    /** A text input whose field is left out (undefined) while it is empty, rather than sent as "". */
    optionalText: (field: TextField<D>) => ({
      value: String(draft[field] ?? ''),
      onChange: (event: Typed) => update(patchOf<D>(field, event.currentTarget.value || undefined)),
      error: error(field),
      readOnly,
    }),
    /** An input whose value is the field's own (a picker of stores, of a country, of records). */
    value: <K extends keyof D>(field: K) => ({
      value: draft[field],
      onChange: (value: D[K]) => update(patchOf<D>(field, value)),
      error: error(field),
      readOnly,
    }),
    /** An input of several texts (TagsInput, a multiple picker); an unset field shows none. */
    list: (field: ListField<D>) => ({
      value: (draft[field] ?? []) as string[],
      onChange: (values: string[]) => update(patchOf<D>(field, values)),
      error: error(field),
      readOnly,
    }),
    /**
     * A Select among `values`, the field's named values; an input with no pick leaves the field unset. While it is
     * unset the input shows `byDefault` (the value the API takes then), if any.
     */
    choice: <K extends keyof D>(field: K, values: readonly NonNullable<D[K]>[], byDefault?: NonNullable<D[K]>) => ({
      value: (draft[field] ?? byDefault ?? null) as string | null,
      onChange: (value: string | null) =>
        update(
          patchOf<D>(
            field,
            values.find((candidate) => candidate === value),
          ),
        ),
      error: error(field),
      readOnly,
    }),
    /** A NumberInput: while it holds no number (empty, or a lone "-" being typed) the field is unset. */
    number: (field: NumberField<D>) => ({
      value: (draft[field] ?? '') as number | string,
      onChange: (value: number | string) => update(patchOf<D>(field, typeof value === 'number' ? value : undefined)),
      error: error(field),
      readOnly,
    }),
    /** A Checkbox or Switch. */
    checked: (field: FlagField<D>) => ({
      checked: Boolean(draft[field]),
      onChange: (event: Ticked) => update(patchOf<D>(field, event.currentTarget.checked)),
      disabled: readOnly,
    }),
    /**
     * The fields of a part of the draft (`discountPlan`), each change kept with the part's other fields. Its errors are
     * named under `at`, by default the part's own path.
     */
    part: <K extends PartField<D>>(field: K, at: string = pathOf(field)) => {
      const part = (draft[field] ?? {}) as NonNullable<D[K]>;
      return draftFields<NonNullable<D[K]>>({
        draft: part,
        update: (patch) => update(patchOf<D>(field, { ...part, ...patch })),
        errors,
        path: at,
        readOnly,
      });
    },
  };
}

export type DraftFields<D extends object> = ReturnType<typeof draftFields<D>>;
