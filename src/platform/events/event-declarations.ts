/** One kind of event the platform emits: its subject and fact, what emits it, and the schema of the record it carries. */
export interface EventDeclaration {
  subject: string;
  fact: string;
  /** The operation (`createTerms (POST /terms)`) or job that emits it. */
  emittedBy: string;
  /** `$id` of the schema of `involved.<subject>` (the record after the change, as it is read). */
  record: string;
  /** The scope that reads the records of a subject that is no kind of the engine (assets): its activity needs it too. */
  readScope?: string;
}

/** Sorted by subject, fact, then emitter: the order of the catalogue and of the OpenAPI `webhooks`. */
export function sortedEvents(events: EventDeclaration[]): EventDeclaration[] {
  return [...events].sort(
    (a, b) =>
      a.subject.localeCompare(b.subject) || a.fact.localeCompare(b.fact) || a.emittedBy.localeCompare(b.emittedBy),
  );
}
