import type { Schemas } from '../../api/client';

type SampleEvent = Schemas['OutsideEvent'];
type Definition = Schemas['NotificationDefinition'];

/** `$.what.delta.status` -> ['what', 'delta', 'status']; anything fancier (wildcards, filters) -> undefined. */
function plainPath(path: string): string[] | undefined {
  const steps = /^\$((\.[A-Za-z_][\w-]*)+)$/.exec(path.trim());
  return steps?.[1]?.slice(1).split('.');
}

function put(target: Record<string, unknown>, steps: string[], value: unknown): void {
  let here = target;
  steps.slice(0, -1).forEach((step) => {
    const next = here[step];
    here[step] = next !== null && typeof next === 'object' ? next : {};
    here = here[step] as Record<string, unknown>;
  });
  const last = steps[steps.length - 1];
  if (last !== undefined) here[last] = value;
}

/** A sample event this definition would match: its subject and fact, each plain filter path set to its value, a main id. */
export function sampleEventFor(definition: Definition): string {
  const { subject, fact, filters = [] } = definition.eventMatcher;
  const event: Record<string, unknown> = {
    fact,
    subject,
    what: { delta: {}, previous: {} },
    involved: { [subject]: {} },
  };
  const idPath = plainPath(definition.mainIdJsonPath);
  if (idPath) put(event, idPath, 'sample-id-1');
  for (const filter of filters) {
    const steps = plainPath(filter.jsonPath);
    if (steps) put(event, steps, filter.value);
  }
  return JSON.stringify(event, null, 2);
}

/** The sample's text read as an event, or what is wrong with it (said to the person, on the field). */
export function readSampleEvent(text: string): { event: SampleEvent } | { problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { problem: `This is not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return { problem: 'The event must be a JSON object.' };
  const candidate = parsed as Record<string, unknown>;
  if (typeof candidate.fact !== 'string' || !candidate.fact)
    return { problem: 'The event needs a "fact" (a text such as "updated").' };
  if (typeof candidate.subject !== 'string' || !candidate.subject)
    return { problem: 'The event needs a "subject" (a text such as "product").' };
  return { event: { ...candidate, fact: candidate.fact, subject: candidate.subject } };
}
