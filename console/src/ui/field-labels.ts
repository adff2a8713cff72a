/** How a field of a record reads for a person, by its path (`['prices', 'defaultCurrency']`). */
export type FieldLabel = (path: string[]) => string;

/** `createInvoice` -> `Create invoice`. */
const words = (segment: string) => {
  const spaced = segment.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/**
 * A field's path in words, segment by segment (`features.createInvoice` -> `Features › Create invoice`); codes (FR,
 * EUR, DEFAULT) stay as they are. `labels` name the fields whose names do not read as words (`genericName`: "Name").
 */
export const fieldLabels =
  (labels: Record<string, string> = {}): FieldLabel =>
  (path) => {
    const whole = labels[path.join('.')];
    if (whole) return whole;
    const [first = '', ...rest] = path;
    return [
      labels[first] ?? words(first),
      ...rest.map((segment) => (/^[A-Z_]+$/.test(segment) ? segment : words(segment))),
    ].join(' › ');
  };

export const readableField = fieldLabels();
