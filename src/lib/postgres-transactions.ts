/**
 * postgres.js hands a transaction (and a savepoint inside it) a client of its own, a new object each
 * time: what wraps the pool's client in place (the metrics' timing, the repeated statements'
 * preparing) must wrap each of those as well, before the transaction's work uses it.
 */
export interface TransactionOpening {
  begin?(...args: unknown[]): Promise<unknown>;
  savepoint?(...args: unknown[]): Promise<unknown>;
}

/** Makes `client`'s `begin` and `savepoint` pass their work a client `wrap` has seen first. */
export function wrapTransactionClients<C extends TransactionOpening>(client: C, wrap: (inner: C) => void): void {
  const wrapCallback = (args: unknown[]) =>
    args.map((arg) =>
      typeof arg === "function"
        ? (inner: C) => {
            wrap(inner);
            return (arg as (inner: C) => unknown)(inner);
          }
        : arg,
    );
  // A transaction's own client has `savepoint` but no `begin`.
  if (client.begin) {
    const begin = client.begin.bind(client);
    client.begin = (...args) => begin(...wrapCallback(args));
  }
  if (client.savepoint) {
    const savepoint = client.savepoint.bind(client);
    client.savepoint = (...args) => savepoint(...wrapCallback(args));
  }
}
