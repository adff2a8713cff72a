import { describe, expect, it } from 'vitest';
import { apiModules } from '../../src/apis/index.js';
import { useApp } from '../support/fixture.js';

/**
 * Actions a module adds to a kind besides its declaration, each because it needs what only the module holds. Anything
 * else a module attaches is a kind whose story is told elsewhere than its declaration. (Code that reads its own kind
 * back imports the kind's data, `defineKind`, so the declaration can import it without a cycle.)
 */
const ATTACHED_BY_MODULE: Record<string, string> = {
  'notification-receiver': 'signing-secret rotation (its grace period is configuration)',
  customer: 'secret rotation, signing and lookups (they need the IAM realms and the signing service)',
};

/** Hooks a module gives a kind, because they need what only the module holds (configuration, IAM, signing keys). */
const HOOKS_BY_MODULE: Record<string, string> = {
  'notification-receiver': 'the URL check reads the outbound allowlist (OUTBOUND_ALLOWLIST)',
  customer: 'realm, client and signing-key set-up need the IAM and the signing service',
};

const { t } = await useApp();

describe('a kind tells its story in its declaration', () => {
  it('serves every declared kind with the hooks of its declaration, and its declared actions', () => {
    const declared = new Map(apiModules.flatMap((module) => module.kinds).map((kind) => [kind.name, kind]));
    const served = t.built.services.definitions();
    expect(served.length).toBeGreaterThanOrEqual(14);
    for (const kind of served) {
      const declaration = declared.get(kind.name);
      expect(declaration, `${kind.name}: served but not in its module's kinds`).toBeDefined();
      if (!declaration) continue;
      if (kind.name in HOOKS_BY_MODULE) expect(kind.hooks).not.toBe(declaration.hooks);
      else expect(kind.hooks, `${kind.name}: hooks attached elsewhere than its declaration`).toBe(declaration.hooks);
      const added = kind.actions.filter((action) => !declaration.actions.includes(action)).map((a) => a.operationId);
      if (!(kind.name in ATTACHED_BY_MODULE)) expect(added, `${kind.name}: actions attached by its module`).toEqual([]);
      expect(declaration.actions.every((action) => kind.actions.includes(action))).toBe(true);
    }
  });

  it('lists no attached kind that no longer needs it', () => {
    const servedHooks = new Map(t.built.services.definitions().map((kind) => [kind.name, kind.hooks]));
    for (const name of Object.keys(HOOKS_BY_MODULE)) {
      const declaredHooks = apiModules.flatMap((module) => module.kinds).find((kind) => kind.name === name)!.hooks;
      expect(servedHooks.get(name), `${name}: its hooks are declared now; take it off the list`).not.toBe(
        declaredHooks,
      );
    }
    const served = new Map(t.built.services.definitions().map((kind) => [kind.name, kind]));
    const declared = new Map(apiModules.flatMap((module) => module.kinds).map((kind) => [kind.name, kind]));
    for (const name of Object.keys(ATTACHED_BY_MODULE)) {
      const kind = served.get(name)!;
      const extra = kind.actions.filter((action) => !declared.get(name)!.actions.includes(action));
      expect(extra.length, `${name}: nothing is attached any more; take it off the list`).toBeGreaterThan(0);
    }
  });
});
