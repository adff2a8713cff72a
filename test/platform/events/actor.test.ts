import { describe, expect, it } from 'vitest';
import { ANONYMOUS_PRINCIPAL, type Principal, SYSTEM_PRINCIPAL } from '../../../src/platform/auth/principal.js';
import { actorOf } from '../../../src/platform/events/actor.js';

const token = (overrides: Partial<Principal>): Principal => ({
  subject: 'u-1',
  realm: 'acme',
  clientId: 'acme',
  sessionId: 's',
  tokenId: 'j',
  scopes: new Set(),
  isOperator: false,
  tenantIds: ['acme'],
  customerId: 'acme',
  ...overrides,
});

describe('actorOf', () => {
  it('names a realm user by its username, a client by its client id', () => {
    expect(actorOf(token({ username: 'alice' }))).toEqual({ type: 'USER', id: 'u-1', name: 'alice' });
    expect(actorOf(token({ subject: 'client:acme' }))).toEqual({ type: 'CLIENT', id: 'client:acme', name: 'acme' });
  });

  it('calls every operator token OPERATOR, its administrator and its client', () => {
    const operator = {
      realm: 'operator',
      clientId: 'operator',
      isOperator: true,
      tenantIds: [],
      customerId: undefined,
    };
    expect(actorOf(token({ ...operator, subject: 'client:operator' }))).toEqual({
      type: 'OPERATOR',
      id: 'client:operator',
      name: 'operator',
    });
    expect(actorOf(token({ ...operator, subject: 'a-1', username: 'admin' }))).toMatchObject({ name: 'admin' });
  });

  it('calls the service itself SYSTEM, also when a job acts for a customer (a copy of SYSTEM_PRINCIPAL)', () => {
    expect(actorOf(SYSTEM_PRINCIPAL)).toEqual({ type: 'SYSTEM', id: 'system', name: 'system' });
    expect(actorOf({ ...SYSTEM_PRINCIPAL, isOperator: false, customerId: 'acme' }).type).toBe('SYSTEM');
    expect(actorOf(ANONYMOUS_PRINCIPAL)).toEqual({ type: 'SYSTEM', id: 'anonymous', name: 'anonymous' });
  });
});
