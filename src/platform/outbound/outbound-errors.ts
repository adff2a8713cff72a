/**
 * Why an outbound request was not made or not completed; callers turn these into their own answers. `message` may be
 * shown to the caller; `detail` (what the host resolved to, the network error) is for the server's log only.
 */
export class OutboundError extends Error {
  constructor(
    readonly kind: 'refused' | 'scheme' | 'redirects' | 'timeout' | 'unreachable',
    message: string,
    readonly detail: string = message,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/**
 * The destination breaks the outbound address rules (docs/product-decisions.md §6). Raised before any connection is made. An address
 * the caller wrote is named with the rule it breaks; what a host name resolves to is never told (it would let a caller
 * map internal DNS), only that the destination is not allowed.
 */
export class OutboundRefusedError extends OutboundError {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly reason: string,
  ) {
    const literal = host === address || `[${address}]` === host;
    super(
      'refused',
      literal ? `${host} is ${reason}, not an allowed destination` : `${host} is not an allowed destination`,
      literal ? `${host} is ${reason}` : `${host} resolves to ${address}, ${reason}`,
    );
  }
}
