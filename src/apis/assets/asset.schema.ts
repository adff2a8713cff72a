import Type, { type Static } from 'typebox';
import { DateTime, Id, LookupId, Obj } from '../../platform/resource/declare.js';
import { pagingParameters } from '../../platform/resource/shapes.js';
import { MAX_DELETE_IDS, MAX_FORM_FIELD_LENGTH, MAX_URL_FIELD_LENGTH } from './asset-forms.js';
import { ASSET_ID } from './asset-store.js';

export const ASSET_PAGE_SIZE = 50;

const assetFields = {
  id: Type.String({
    description:
      "the asset's handle, 64 lower-case hex digits: the same content uploaded again by the same owner keeps it; another owner's upload of that content gets its own",
    pattern: ASSET_ID.source,
  }),
  url: Type.String({ description: 'public link to the content: PUBLIC_BASE_URL/assets/{id}/{filename}' }),
  filename: Type.String({ description: "file name given by the owner's first upload of this content" }),
  contentType: Type.String({ description: 'media type the content is served with' }),
  size: Type.Integer({ description: 'bytes' }),
};

/** The answer to an upload. */
export const AssetSchema = Obj(assetFields, { $id: 'Asset', title: 'Asset' });
export type AssetView = Static<typeof AssetSchema>;

/** An asset as listed. */
export const ListedAssetSchema = Obj(
  {
    ...assetFields,
    customerId: Type.Optional(Id({ description: "the owner: the customer who uploaded it (absent: the operator's)" })),
    createDate: DateTime({ description: 'when its owner first uploaded this content' }),
  },
  { $id: 'ListedAsset', title: 'Asset (listed)' },
);
export type ListedAsset = Static<typeof ListedAssetSchema>;

export const ListAssetsQuerySchema = Type.Object(
  {
    ...pagingParameters(ASSET_PAGE_SIZE),
    customerId: Type.Optional(Id({ description: "only this customer's assets" })),
  },
  { additionalProperties: false },
);

const ids = Type.Array(LookupId(), {
  minItems: 1,
  maxItems: MAX_DELETE_IDS,
  description: `asset ids, at most ${MAX_DELETE_IDS}`,
});

export const DeleteAssetsJsonSchema = Type.Object(
  { ids },
  {
    additionalProperties: false,
    examples: [{ ids: ['9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'] }],
  },
);

/**
 * Multipart bodies are read by the handler as they stream in; these schemas document them only. They carry no
 * `type` so the validator (which sees no parsed body for multipart) has nothing to check.
 */
export const UploadFormSchema = {
  description: 'exactly one of `file` and `url`',
  properties: {
    // OpenAPI 3.1 binary: a media type and no `type` (a JSON string cannot hold raw octets); generators type it as a Blob-friendly unknown.
    file: {
      contentMediaType: 'application/octet-stream',
      description: 'the file; its part may give a Content-Type and a filename',
    },
    url: {
      type: 'string',
      maxLength: MAX_URL_FIELD_LENGTH,
      description:
        'an http(s) URL to fetch the file from (at most 3 redirects; private and loopback addresses refused)',
    },
  },
};

export const DeleteFormSchema = {
  description: 'repeat `ids` once per asset (a comma list in one field works too)',
  properties: {
    ids: { type: 'array', items: { type: 'string', maxLength: MAX_FORM_FIELD_LENGTH }, maxItems: MAX_DELETE_IDS },
  },
};

export const DeleteOutcomeSchema = Obj(
  {
    deleted: Type.Array(Type.String(), { description: 'ids whose asset was deleted' }),
    notFound: Type.Array(Type.String(), { description: 'ids no asset has (nothing to delete)' }),
  },
  { $id: 'AssetDeletion', title: 'Asset deletion outcome' },
);
export type DeleteOutcome = Static<typeof DeleteOutcomeSchema>;

export const DownloadParamsSchema = Type.Object({
  id: LookupId({ description: 'asset id' }),
  '*': Type.String({
    description: 'file name (any name serves the content; the stored one is used for Content-Disposition)',
  }),
});

/**
 * Download links are public and embedded in pages, where browsers and CDNs add parameters of their own (`?v=2`
 * cache-busters, `utm_*`): the one read route that ignores unknown query parameters rather than refusing them.
 */
export const DownloadQuerySchema = Type.Object(
  {},
  { additionalProperties: true, description: 'query parameters are ignored' },
);
