import { join } from 'node:path';
import type { Config } from '../../config.js';
import type { EventDeclaration } from '../../platform/events/event-declarations.js';
import { OutboundAllowlist } from '../../platform/outbound/outbound-allowlist.js';
import { OutboundClient } from '../../platform/outbound/outbound-client.js';
import type { ApiModule } from '../api-module.js';
import { ASSET_SUBJECT, AssetService } from './asset.service.js';
import { sweepStaging } from './asset-staging.js';
import type { AssetStore } from './asset-store.js';
import { assetRoutes } from './assets.routes.js';
import { FsAssetStore } from './fs-asset-store.js';

/** Assets are not kinds of the engine: their events are declared here, as the service emits them. */
const ASSET_EVENTS: EventDeclaration[] = [
  {
    subject: ASSET_SUBJECT,
    fact: 'created',
    emittedBy: 'uploadAsset (POST /assets), for content not stored yet',
    record: 'ListedAsset',
    readScope: 'assets:read',
  },
  {
    subject: ASSET_SUBJECT,
    fact: 'deleted',
    emittedBy: 'deleteAssets (DELETE /assets), per deleted asset',
    record: 'ListedAsset',
    readScope: 'assets:read',
  },
];

/** Staged files older than this are left over from a crash. */
const STALE_STAGING_MS = 24 * 3600_000;

/** The store ASSET_STORE names; the AWS SDK is loaded only when it is used. */
export async function openAssetStore(config: Pick<Config, 'dataDir' | 'assets'>): Promise<AssetStore> {
  if (config.assets.store === 's3' && config.assets.s3) {
    const { S3AssetStore } = await import('./s3-asset-store.js');
    return new S3AssetStore(config.assets.s3);
  }
  return new FsAssetStore(join(config.dataDir, 'assets'));
}

/** The Asset API: its store and outbound client are opened at start and closed with the app. */
export const assetsModule: ApiModule = {
  name: 'assets',
  // Assets are rows of their own table (migration 0005), not kinds of the engine.
  kinds: [],
  async start({ db, config, clock, services, iam }) {
    const store = await openAssetStore(config);
    const outbound = new OutboundClient({ allowlist: OutboundAllowlist.parse(config.outboundAllowlist) });
    // Uploads are staged on local disk (beside the fs store, so a hard link puts them in place) whatever the store.
    const stagingDir = join(config.dataDir, 'assets', '.staging');
    await sweepStaging(stagingDir, STALE_STAGING_MS, clock.now().getTime());
    const service = new AssetService(db, store, config.publicBaseUrl, clock);
    services.addEvents(ASSET_EVENTS);
    return {
      routes: async (app) =>
        app.register(assetRoutes, {
          service,
          outbound,
          stagingDir,
          maxBytes: config.assets.maxBytes,
          urlTimeoutMs: config.assets.urlTimeoutMs,
          services,
          verifier: iam.verifier,
        }),
      async stop() {
        await outbound.close();
        await store.close();
      },
    };
  },
};
