import Type from 'typebox';
import { defineResource, type ResourceDefinition } from '../../../src/platform/resource/declare/resource-definition.js';
import { Obj, StringEnum, sharedFields } from '../../../src/platform/schema-types.js';

/** A test-only resource with what the terms lack: array fields, secrets (top level and nested), a read-only field, typed filters. */
export const GadgetSchema = Obj(
  {
    ...sharedFields,
    name: Type.String(),
    tags: Type.Optional(Type.Array(Type.String())),
    sizes: Type.Optional(Type.Array(Type.Integer())),
    weight: Type.Optional(Type.Integer()),
    enabled: Type.Optional(Type.Boolean()),
    colour: Type.Optional(StringEnum(['RED', 'GREEN'])),
    apiKey: Type.Optional(Type.String()),
    serial: Type.Optional(Type.String()),
    auth: Type.Optional(Obj({ user: Type.Optional(Type.String()), password: Type.Optional(Type.String()) })),
  },
  { $id: 'TestGadget', title: 'Gadget (test resource)' },
);

export const gadgetResource: ResourceDefinition = defineResource({
  name: 'gadget',
  displayName: 'gadget',
  path: '/gadgets',
  table: 'test_gadgets',
  schema: GadgetSchema,
  scopeArea: 'terms',
  sharedOperatorRecords: "test kind: the operator's gadgets are read by every tenant (widgets keep theirs private)",
  tag: 'Test',
  operations: {
    list: 'listGadgets',
    create: 'createGadget',
    get: 'getGadget',
    update: 'updateGadget',
    recap: 'recapGadgets',
    unwind: 'unwindGadgets',
  },
  filters: {
    name: { kind: 'string' },
    tags: { kind: 'string-array' },
    weight: { kind: 'integer' },
    enabled: { kind: 'boolean' },
    colour: { kind: 'string' },
    owner: { kind: 'string', path: 'auth.user' },
    customerId: { kind: 'string' },
  },
  secret: ['apiKey', 'auth.password'],
  readOnly: ['serial'],
  emits: [{ fact: 'weighed', by: 'the tests of ResourceService.act' }],
  // The server sets the read-only field.
  hooks: { beforeCreate: (doc) => ({ ...doc, serial: `S-${String(doc.id).slice(-6)}` }) },
});
