import type { TObject } from 'typebox';
import { type EventDeclaration, sortedEvents } from '../../events/event-declarations.js';
import { declaredEvents } from '../declare/declared-events.js';
import type { ResourceKind } from '../declare/kind.js';
import type { RecordStores } from '../declare/record-store.js';
import type { AnyResourceDefinition } from '../declare/resource-definition.js';
import type { AnyViewDefinition } from '../declare/resource-view.js';
import type { ResourceService } from './resource-service.js';
import type { ViewService } from './view-service.js';

/**
 * Every kind's service, by kind, so one API reads or writes another's records under the caller's tenant rules
 * (recommendations read carts and products; pre-billing creates orders).
 */
export class ServiceRegistry implements RecordStores {
  private readonly byName = new Map<string, ResourceService<TObject>>();
  private readonly views = new Map<string, ViewService>();
  private readonly otherEvents: EventDeclaration[] = [];

  add(service: ResourceService<TObject>): void {
    if (this.byName.has(service.definition.name))
      throw new Error(`resource kind ${service.definition.name} is declared twice`);
    this.byName.set(service.definition.name, service);
  }

  /** The service of `definition`'s kind, typed from its schema. */
  of<S extends TObject>(definition: ResourceKind<S>): ResourceService<S> {
    const service = this.byName.get(definition.name);
    if (!service) throw new Error(`resource kind ${definition.name} is not registered`);
    // Cast: the registry keeps services by name, untyped; the kind passed in says which schema this one has.
    return service as unknown as ResourceService<S>;
  }

  /** The service of the kind named `name` (a declared reference names its kind so). */
  named(name: string): ResourceService<TObject> {
    const service = this.byName.get(name);
    if (!service) throw new Error(`resource kind ${name} is not registered`);
    return service;
  }

  addView(service: ViewService): void {
    if (this.views.has(service.view.name)) throw new Error(`view ${service.view.name} is declared twice`);
    this.views.set(service.view.name, service);
  }

  /** The service of a derived view (priced products), to compute it for records a caller holds. */
  viewOf(view: AnyViewDefinition): ViewService {
    const service = this.views.get(view.name);
    if (!service) throw new Error(`view ${view.name} is not registered`);
    return service;
  }

  /** Every declared reference names a registered kind: checked once every kind is registered, so a typo stops the start. */
  assertReferencesResolve(): void {
    for (const { name, references = {} } of this.definitions()) {
      for (const [path, kind] of Object.entries(references)) {
        if (!this.byName.has(kind))
          throw new Error(`kind ${name} declares ${path} a reference to ${kind}, which is not a registered kind`);
      }
    }
  }

  definitions(): AnyResourceDefinition[] {
    return [...this.byName.values()].map((service) => service.definition);
  }

  /** Events of records that are not kinds of the engine (assets). */
  addEvents(events: EventDeclaration[]): void {
    this.otherEvents.push(...events);
  }

  /** Every event the served APIs emit: the catalogue of docs/notifications.md and the OpenAPI `webhooks`. */
  events(): EventDeclaration[] {
    return sortedEvents([...this.definitions().flatMap(declaredEvents), ...this.otherEvents]);
  }
}
