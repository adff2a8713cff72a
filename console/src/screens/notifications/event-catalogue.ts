import { isObject, useOpenApiDocument } from '../../ui/openapi-document';

export interface CatalogueEvent {
  subject: string;
  fact: string;
}

/** The events the service declares: its OpenAPI `webhooks`, one per `subject.fact` (outside events are not listed). */
function eventsOf(document: Record<string, unknown>): CatalogueEvent[] {
  const webhooks = isObject(document.webhooks) ? Object.keys(document.webhooks) : [];
  return webhooks.flatMap((name) => {
    const at = name.lastIndexOf('.');
    return at > 0 ? [{ subject: name.slice(0, at), fact: name.slice(at + 1) }] : [];
  });
}

/**
 * The event catalogue (docs/notifications.md) as the definition form offers it: every subject, and the facts of the
 * subject chosen (all facts while it names no subject of the catalogue: an outside system's event is typed).
 */
export function useEventCatalogue(subject: string) {
  const catalogue = useOpenApiDocument(eventsOf);
  const events = catalogue.data ?? [];
  const subjects = [...new Set(events.map((event) => event.subject))].sort();
  const ofSubject = events.filter((event) => event.subject === subject);
  const facts = [...new Set((ofSubject.length ? ofSubject : events).map((event) => event.fact))].sort();
  return { subjects, facts, known: ofSubject.length > 0, failed: Boolean(catalogue.error) };
}
