/** The API answer shape of docs/architecture.md#envelope. */
export interface Envelope<T = unknown> {
  status: "success" | "fail" | "error";
  data?: T;
  code?: string;
  meta?: Record<string, unknown>;
}

export interface PageMeta {
  page: number;
  size: number;
  total: number;
  pages: number;
  sort?: string;
  /** The list counted only up to a cap: there are at least `total` rows (shown as "1 000+"). */
  capped?: boolean;
}

export const success = <T>(data: T, meta?: Record<string, unknown>): Envelope<T> =>
  meta ? { status: "success", data, meta } : { status: "success", data };
