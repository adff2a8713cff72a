/** An RFC 3339 date-time as the value of a `datetime-local` input (the browser's time zone), and back. */
export function isoToLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const epoch = new Date(iso).getTime();
  if (!Number.isFinite(epoch)) return '';
  return new Date(epoch - new Date(epoch).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

export function localInputToIso(value: string): string | undefined {
  const epoch = new Date(value).getTime();
  return Number.isFinite(epoch) ? new Date(epoch).toISOString().replace('.000Z', 'Z') : undefined;
}

export const shortDate = (iso: string | undefined) => (iso ? new Date(iso).toLocaleDateString() : '');
