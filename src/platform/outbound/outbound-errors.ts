/** Why an outbound request was not made or not completed; callers turn these into their own answers. */
export class OutboundError extends Error {
  constructor(
    readonly kind: 'refused' | 'scheme' | 'redirects' | 'timeout' | 'unreachable',
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The destination breaks the outbound address rules (DECISIONS §6). Raised before any connection is made. */
export class OutboundRefusedError extends OutboundError {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly reason: string,
  ) {
    super('refused', host === address || `[${address}]` === host ? `${host} is ${reason}` : `${host} resolves to ${address}, ${reason}`);
  }
}
