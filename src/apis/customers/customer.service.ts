import { tenantScopeOf, type Principal } from '../../platform/auth/principal.js';
import type { Database } from '../../platform/db/database.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../platform/errors/domain-errors.js';
import type { Doc } from '../../platform/registry/document-paths.js';
import { parseListingQuery } from '../../platform/registry/listing-query.js';
import { maskSecrets } from '../../platform/registry/record-fields.js';
import type { StoredRow } from '../../platform/registry/resource-repository.js';
import { pageOf, ResourceService, type Page, type StoredRecord } from '../../platform/registry/resource-service.js';
import { assertStorable, isStorableText } from '../../platform/registry/storable-text.js';
import type { RealmService } from '../iam/realm.service.js';
import { customerResource } from './customer.resource.js';
import { MAX_PUBLIC_IDS, toPublicView, type PublicCustomer, type PublicLookup } from './customer-public-view.js';
import * as repo from './customer.repository.js';
import { iamClientOf } from './customer-hooks.js';

const { displayName, name: subject } = customerResource;
const present = (doc: Doc) => maskSecrets(customerResource, doc);

/** Customer operations beyond the engine's list/get/create/update: lookups, public views and actions. */
export class CustomerService {
  /** The engine's operations on customers, for lookups and actions the generic routes do not cover. */
  private readonly records: ResourceService;

  constructor(
    private readonly db: Database,
    private readonly realms: Pick<RealmService, 'rotateClientSecret'>,
  ) {
    this.records = new ResourceService(customerResource, db);
  }

  /** The customer, if this token may see (and so act for) it; 404 otherwise, its existence not revealed. */
  visible(principal: Principal, id: string): Promise<StoredRow> {
    return this.records.findVisible(this.db, principal, id);
  }

  /** Deprecated lookups: by exact name (the first created, names not being unique) or by realm name; tenant rules apply. */
  async findBy(principal: Principal, field: 'name' | 'realmName', value: string): Promise<StoredRecord> {
    const row = isStorableText(value) ? await repo.findVisibleBy(this.db, field, value, tenantScopeOf(principal)) : undefined;
    if (!row) throw new NotFoundError(displayName, `with ${field} ${value}`);
    return { doc: present(row.doc), dbVersion: row.db_version };
  }

  /** Public view by id or realm name; no token needed. */
  async publicView(idOrRealm: string): Promise<PublicCustomer> {
    const doc = isStorableText(idOrRealm) ? await repo.findByIdOrRealm(this.db, idOrRealm) : undefined;
    if (!doc) throw new NotFoundError(displayName, idOrRealm);
    return toPublicView(doc);
  }

  /** Public views of the customers with these ids, or with this exact name (one or the other: 400 for both or neither). */
  async publicViews(query: PublicLookup): Promise<Page<PublicCustomer>> {
    const ids = (query.id ?? []).flatMap((value) => value.split(',')).map((id) => id.trim()).filter(Boolean);
    const name = query.name;
    if (ids.length > 0 && name !== undefined) throw new ValidationError('querystring.id and querystring.name cannot be combined: look customers up by ids or by name');
    if (ids.length === 0 && (name === undefined || name === '')) throw new ValidationError('querystring.id (a comma list of ids) or querystring.name is required');
    if (ids.length > MAX_PUBLIC_IDS) throw new ValidationError(`querystring.id must list at most ${MAX_PUBLIC_IDS} ids`);
    const { page, size } = parseListingQuery(customerResource, { page: query.page, size: query.size, pageable: query.pageable });
    const storable = ids.filter(isStorableText);
    if (name !== undefined && !isStorableText(name)) return pageOf([], page, size, 0);
    const { docs, total } = await repo.listPublic(this.db, name !== undefined ? { name } : { ids: storable }, size, page * size);
    return pageOf(docs.map(toPublicView), page, size, total);
  }

  /**
   * A new client secret, shown in this answer only. Minting credentials is for the operator or the customer itself:
   * a reseller acting for a customer does not get its identity (403).
   */
  async rotateClientSecret(principal: Principal, id: string): Promise<StoredRecord> {
    let clientSecret = '';
    const rotated = await this.db.transaction((tx) =>
      this.records.act(tx, principal, id, async (doc) => {
        if (!principal.isOperator && principal.customerId !== id) throw new ForbiddenError(`only the operator or customer ${id} itself may rotate its client secret`, { resourceType: subject, resourceId: id });
        const iamClient = (doc.iamClient ?? {}) as Doc;
        const realmName = String(iamClient.realmName ?? doc.realmName);
        ({ clientSecret } = await this.realms.rotateClientSecret(tx, realmName));
        const publicKey = typeof iamClient.realmPublicKey === 'string' ? iamClient.realmPublicKey : undefined;
        return { ...doc, iamClient: iamClientOf(realmName, publicKey, new Date().toISOString()) };
      }),
    );
    const shown = present(rotated.doc);
    return { ...rotated, doc: { ...shown, iamClient: { ...(shown.iamClient as Doc), clientSecret } } };
  }

  /**
   * Replaces `remotePriceFiltering` of every listed customer in one transaction: all or nothing (an unknown or
   * invisible id: 404 and nothing changed). Customers are locked in id order, so two such requests cannot deadlock.
   */
  async updateRemotePriceFiltering(principal: Principal, byCustomerId: Record<string, Doc>): Promise<Doc[]> {
    assertStorable(byCustomerId, 'body.remotePriceFilteringDataByCustomerId');
    const ids = Object.keys(byCustomerId);
    const updated = await this.db.transaction(async (tx) => {
      const byId = new Map<string, Doc>();
      for (const id of [...ids].sort()) {
        byId.set(id, (await this.records.act(tx, principal, id, (doc) => ({ ...doc, remotePriceFiltering: byCustomerId[id] }))).doc);
      }
      return byId;
    });
    return ids.map((id) => present(updated.get(id)!));
  }
}
