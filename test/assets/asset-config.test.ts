import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { configRefusal as refused } from '../support/config-refusal.js';

describe('asset settings', () => {
  it('default to the file store, 200 MiB and 60 s', () => {
    expect(loadConfig({}).assets).toEqual({ store: 'fs', maxBytes: 209_715_200, urlTimeoutMs: 60_000, s3: undefined });
  });

  it('read the S3 settings when ASSET_STORE=s3', () => {
    const config = loadConfig({
      ASSET_STORE: 's3',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    });
    expect(config.assets.s3).toEqual({
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'media',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
      keyPrefix: 'assets/',
    });
  });

  it('stop start-up with one clear line for each mistake', () => {
    expect(refused({ ASSET_STORE: 'ftp' })).toBe('ASSET_STORE must be one of fs, s3, got "ftp"');
    expect(refused({ ASSET_MAX_BYTES: '10MB' })).toBe(
      'ASSET_MAX_BYTES must be a whole number from 1 to 5368709120, got "10MB"',
    );
    expect(refused({ ASSET_STORE: 's3' })).toBe('S3_BUCKET is required when ASSET_STORE=s3');
    expect(refused({ ASSET_STORE: 's3', S3_BUCKET: 'b' })).toMatch(/^S3_BUCKET must be an S3 bucket name/);
    expect(refused({ ASSET_STORE: 's3', S3_BUCKET: 'bucket', S3_ACCESS_KEY_ID: 'k' })).toBe(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
    expect(refused({ S3_FORCE_PATH_STYLE: 'yes' })).toBe('S3_FORCE_PATH_STYLE must be one of true, false, got "yes"');
    expect(refused({ OUTBOUND_ALLOWLIST: '127.0.0.1, 10.0.0.0/40' })).toBe(
      'OUTBOUND_ALLOWLIST entry "10.0.0.0/40" is not a valid CIDR',
    );
  });
});
