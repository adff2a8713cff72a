import { DomainError } from '../../platform/errors/domain-errors.js';

/** 413: the file (or the remote document) is larger than ASSET_MAX_BYTES. */
export class PayloadTooLargeError extends DomainError {
  constructor(maxBytes: number) {
    super(413, undefined, `the file is larger than the ${formatBytes(maxBytes)} an asset may have`);
  }
}

export function formatBytes(bytes: number): string {
  if (bytes % 1_048_576 === 0) return `${bytes / 1_048_576} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
