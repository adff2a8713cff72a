import { Liquid, type Template } from 'liquidjs';
import { LRUCache } from 'lru-cache';
import type { PlatformEvent } from '../../platform/events/outbox.js';

/**
 * Liquid for notification subjects and contents: an unknown filter is an error (not silently ignored), there is no
 * file system (`templates: {}` makes every include or render tag fail), only own properties are visible, and the
 * render is bounded in time and memory so a hostile template cannot hold a worker.
 */
const SETTINGS = {
  strictFilters: true,
  ownPropertyOnly: true,
  templates: {},
  renderLimit: 1_000,
  memoryLimit: 10_000_000,
  parseLimit: 1_000_000,
};
/** Texts (subjects, payloads, text e-mails): outputs as they are. */
const plain = new Liquid(SETTINGS);
/**
 * HTML e-mails: every output escaped (`Zoë <b>` shows as text, never as markup), unless the template says a value is
 * trusted HTML with the `raw` filter (`{{ event.involved.order.note | raw }}`).
 */
const html = new Liquid({ ...SETTINGS, outputEscape: 'escape' });

export type TemplateKind = 'text' | 'html';

/** The deepest nesting of block tags (`if`, `for`, `case`, ...) a template may have, measured on its text before parsing. */
export const MAX_TEMPLATE_NESTING = 32;
/** Parsed templates kept per process, by text: a definition's template is parsed once, not per notification. */
const PARSED_TEMPLATES = 500;

const BLOCK_TAG = /\{%-?\s*(end)?(if|unless|for|case|capture|tablerow|comment|raw|liquid)\b/g;

function nestingProblem(template: string): string | undefined {
  let depth = 0;
  for (const [, end] of template.matchAll(BLOCK_TAG)) {
    depth = end ? Math.max(0, depth - 1) : depth + 1;
    if (depth > MAX_TEMPLATE_NESTING) return `nests block tags deeper than ${MAX_TEMPLATE_NESTING} levels`;
  }
  return undefined;
}

const parsed = new LRUCache<string, Template[] | Error>({ max: PARSED_TEMPLATES });

/** The template parsed once per process and kind, or why it is refused (its nesting first, then Liquid's own parse). */
function parse(template: string, kind: TemplateKind): Template[] | Error {
  const key = `${kind}\u0000${template}`;
  let outcome = parsed.get(key);
  if (!outcome) {
    const problem = nestingProblem(template);
    try {
      if (problem) throw new Error(problem);
      outcome = (kind === 'html' ? html : plain).parse(template);
    } catch (error) {
      outcome = error as Error;
    }
    parsed.set(key, outcome);
  }
  return outcome;
}

/** The first line of a Liquid error, short enough for a record's error entry. */
export function liquidProblem(error: unknown): string {
  return (error as Error).message.split('\n')[0]!.slice(0, 300);
}

/**
 * `template` rendered over `{event}`, the variables every notification template sees (payload and e-mail templates
 * alike), with the strict settings above; an `html` template escapes every output. Throws the Liquid error on a
 * broken template.
 */
export async function renderTemplate(
  template: string,
  event: PlatformEvent,
  kind: TemplateKind = 'text',
): Promise<string> {
  const templates = parse(template, kind);
  if (templates instanceof Error) throw templates;
  return (await (kind === 'html' ? html : plain).render(templates, { event })) as string;
}

/** Why `template` cannot be a notification template (it does not parse, or uses an unknown filter), or undefined. */
export function templateProblem(template: string): string | undefined {
  const outcome = parse(template, 'text');
  return outcome instanceof Error
    ? `is not a valid Liquid template (${outcome.message.split('\n')[0]!.slice(0, 200)})`
    : undefined;
}
