import Type, { type Static } from 'typebox';
import { EMAIL_MAX_LENGTH, LookupId, Obj, TEXT_MAX_LENGTH } from '../../platform/resource/declare.js';

/** A realm user as answered: never any password material. */
export const RealmUserSchema = Obj(
  {
    id: Type.String(),
    username: Type.String(),
    email: Type.Optional(Type.String()),
    firstName: Type.Optional(Type.String()),
    lastName: Type.Optional(Type.String()),
    scope: Type.String({ description: 'space-separated scopes' }),
    createDate: Type.String({ format: 'date-time' }),
  },
  { $id: 'RealmUser' },
);
export type RealmUser = Static<typeof RealmUserSchema>;

export const NewRealmUserSchema = Obj(
  {
    username: Type.String({ minLength: 1, maxLength: 150 }),
    password: Type.String({ minLength: 8, maxLength: 1024 }),
    email: Type.Optional(Type.String({ format: 'email', maxLength: EMAIL_MAX_LENGTH })),
    firstName: Type.Optional(Type.String({ maxLength: 150 })),
    lastName: Type.Optional(Type.String({ maxLength: 150 })),
    scope: Type.Optional(
      Type.String({ maxLength: TEXT_MAX_LENGTH, description: "space-separated; narrows the realm's scopes" }),
    ),
  },
  {
    $id: 'NewRealmUser',
    examples: [
      {
        username: 'jane.doe',
        password: 'correct-horse-battery-staple',
        email: 'jane.doe@example.com',
        firstName: 'Jane',
        lastName: 'Doe',
        scope: 'terms:read terms:write',
      },
    ],
  },
);
export type NewRealmUser = Static<typeof NewRealmUserSchema>;

/** Schemas the routes refer to by `$id`; added once to the app. */
export const realmUserSchemas = [RealmUserSchema, NewRealmUserSchema];

const realmName = Type.String({ minLength: 1, maxLength: 200 });
/** `/iam/realms/{realm}/...`: the user routes and the OpenID discovery document. */
export const RealmParamsSchema = Type.Object({ realm: realmName });
export const UserParamsSchema = Type.Object({ realm: realmName, userId: LookupId({ minLength: 1 }) });
