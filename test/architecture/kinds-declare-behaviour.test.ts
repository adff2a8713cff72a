import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiModules } from '../../src/apis/index.js';
import type { AnyResourceDefinition, AnyResourceKind } from '../../src/platform/resource/index.js';
import { useApp } from '../support/fixture.js';

/**
 * Kinds whose declaration is a function of what the running app holds, called by their module at start: their
 * module lists their data (`defineKind`) in `kinds`. Every other kind is declared once, hooks and actions included,
 * and its module lists that declaration. (Code that reads its own kind back imports the kind's data, so the
 * declaration can import that code without a cycle.)
 */
const DECLARED_WITH_SERVICES: Record<string, string> = {
  'notification-receiver':
    'its URL check reads the outbound allowlist and its rotation the grace period (configuration)',
  customer: 'its realm, client and signing key, its rotation and signing need the IAM and the signing service',
};

const hasBehaviour = (kind: AnyResourceKind): kind is AnyResourceDefinition => 'hooks' in kind && 'actions' in kind;
const declared = new Map(apiModules.flatMap((module) => module.kinds).map((kind) => [kind.name, kind]));
const moduleFiles = readdirSync('src/apis', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.module.ts'))
  .map((file) => join('src/apis', file));

const { t } = await useApp();

describe('a kind tells its story in its declaration', () => {
  it('serves every declared kind with exactly the hooks and actions of its declaration', () => {
    const served = t.built.services.definitions();
    expect(served.length).toBeGreaterThanOrEqual(14);
    for (const kind of served) {
      const declaration = declared.get(kind.name);
      expect(declaration, `${kind.name}: served but not in its module's kinds`).toBeDefined();
      if (!declaration || !hasBehaviour(declaration)) continue;
      expect(kind.hooks, `${kind.name}: hooks attached elsewhere than its declaration`).toBe(declaration.hooks);
      expect(kind.actions, `${kind.name}: actions attached elsewhere than its declaration`).toEqual(
        declaration.actions,
      );
    }
  });

  it('lists the kinds declared as a function of the app, and only those, which serve hooks and actions', () => {
    const byFunction = [...declared.values()].filter((kind) => !hasBehaviour(kind)).map((kind) => kind.name);
    expect(byFunction.sort()).toEqual(Object.keys(DECLARED_WITH_SERVICES).sort());
    const served = new Map(t.built.services.definitions().map((kind) => [kind.name, kind]));
    for (const name of byFunction) {
      expect(Object.keys(served.get(name)!.hooks).length, `${name}: hooks`).toBeGreaterThan(0);
      expect(served.get(name)!.actions.length, `${name}: actions`).toBeGreaterThan(0);
    }
  });

  it('has no module that adds hooks or actions to a declaration', () => {
    expect(moduleFiles.length).toBeGreaterThanOrEqual(8);
    const attaching = moduleFiles.filter((file) => {
      const source = readFileSync(file, 'utf8');
      return /\.\.\.\w+(Resource|Kind|Declaration)\b/.test(source) || /^\s*(hooks|actions)\s*:/m.test(source);
    });
    expect(attaching).toEqual([]);
  });
});
