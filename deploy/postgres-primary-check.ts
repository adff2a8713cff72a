/**
 * haproxy's health check of a PostgreSQL node, in the frontend/backend protocol (haproxy's own `pgsql-check` only
 * sees that a server answers, not whether it takes writes): a startup message, the query `SHOW
 * transaction_read_only` and a Terminate, sent at once, and the data row a node that takes writes answers ('off').
 * That is libpq's own test for `target_session_attrs=read-write`: a standby answers 'on', and so does a promoted node
 * that pg_auto_failover still holds read-only (`default_transaction_read_only`) until the old primary is demoted;
 * `pg_is_in_recovery()` would let writes through to it, to fail. It needs a user that logs in without a password from
 * haproxy's address (trust), as on the HA cluster's nodes.
 */

function cString(text: string): Buffer {
  return Buffer.from(`${text}\0`, 'utf8');
}

function startupMessage(user: string, database: string): Buffer {
  const parameters = Buffer.concat([
    ...['user', user, 'database', database, 'application_name', 'haproxy-primary-check'].map(cString),
    Buffer.from([0]),
  ]);
  const head = Buffer.alloc(8);
  head.writeInt32BE(8 + parameters.length, 0);
  // Protocol 3.0.
  head.writeInt32BE(0x0003_0000, 4);
  return Buffer.concat([head, parameters]);
}

/** A message of the protocol after the startup: a type byte, its length (itself included), its body. */
function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'ascii');
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}

/** What `tcp-check send-binary` sends, in hexadecimal. */
export function primaryCheckRequest(user: string, database: string): string {
  return Buffer.concat([
    startupMessage(user, database),
    message('Q', cString('SHOW transaction_read_only')),
    message('X', Buffer.alloc(0)),
  ]).toString('hex');
}

/** What `tcp-check expect binary` looks for: the DataRow of one column, 'off'. */
export function primaryCheckAnswer(): string {
  const value = Buffer.from('off', 'ascii');
  const columnCount = Buffer.alloc(2);
  columnCount.writeInt16BE(1);
  const columnLength = Buffer.alloc(4);
  columnLength.writeInt32BE(value.length);
  return message('D', Buffer.concat([columnCount, columnLength, value])).toString('hex');
}
