/**
 * The one error type services throw. `app.onError` maps it to the envelope, a page or a toast.
 * - `fail`: validation or a business rule (HTTP 422); `messages` are i18n keys or ready text.
 * - `error`: everything else; the UI shows the text of `API_ERROR_<code>`.
 */
export type ErrorCode =
  | "BAD_REQUEST"
  | "BAD_CREDENTIALS"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "CSRF"
  | "NOT_FOUND"
  | "CONFLICT"
  | "TOO_MANY_ATTEMPTS"
  | "PAYLOAD_TOO_LARGE"
  | "INTERNAL"
  | "UNAVAILABLE";

const statusByCode: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  BAD_CREDENTIALS: 401,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  CSRF: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_ATTEMPTS: 429,
  PAYLOAD_TOO_LARGE: 413,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** A message key with its interpolation values, translated at the edge in the request's language. */
export interface Message {
  key: string;
  values?: Record<string, unknown>;
}

export class AppError extends Error {
  readonly kind: "fail" | "error";
  readonly code: ErrorCode | "VALIDATION";
  readonly status: number;
  readonly messages: Message[];
  readonly fields: Record<string, Message>;
  /** For a 429: when a retry may succeed; sent as Retry-After. */
  readonly retryAfterSeconds?: number;

  private constructor(init: {
    kind: "fail" | "error";
    code: ErrorCode | "VALIDATION";
    status: number;
    messages?: Message[];
    fields?: Record<string, Message>;
    retryAfterSeconds?: number;
  }) {
    super(init.messages?.[0]?.key ?? init.code);
    this.kind = init.kind;
    this.code = init.code;
    this.status = init.status;
    this.messages = init.messages ?? [];
    this.fields = init.fields ?? {};
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  /** A business-rule or validation failure: 422 with readable messages. */
  static fail(messages: Message | Message[], fields: Record<string, Message> = {}): AppError {
    const list = Array.isArray(messages) ? messages : [messages];
    return new AppError({ kind: "fail", code: "VALIDATION", status: 422, messages: list, fields });
  }

  /** Field errors; the messages list repeats them so API clients without field UI see them too. */
  static invalid(fields: Record<string, Message>): AppError {
    return new AppError({
      kind: "fail",
      code: "VALIDATION",
      status: 422,
      messages: Object.values(fields),
      fields,
    });
  }

  static error(code: ErrorCode): AppError {
    return new AppError({ kind: "error", code, status: statusByCode[code] });
  }

  /** 429: too many attempts; a retry may succeed after `retryAfterSeconds`. */
  static tooManyAttempts(retryAfterSeconds: number): AppError {
    return new AppError({ kind: "error", code: "TOO_MANY_ATTEMPTS", status: 429, retryAfterSeconds });
  }

  /**
   * 429 with a message of its own (a `fail`: the envelope and the form show it): a user's limit reached,
   * such as open exports; `retryAfterSeconds` when a retry may succeed by then.
   */
  static limited(message: Message, retryAfterSeconds?: number): AppError {
    return new AppError({ kind: "fail", code: "TOO_MANY_ATTEMPTS", status: 429, messages: [message], retryAfterSeconds });
  }

  /**
   * 503: the database cannot be reached (docs/decisions/069-faults.md); the same request may
   * succeed once it is back, so a client may retry after `retryAfterSeconds`.
   */
  static unavailable(retryAfterSeconds = 5): AppError {
    return new AppError({ kind: "error", code: "UNAVAILABLE", status: 503, retryAfterSeconds });
  }

  static notFound(): AppError {
    return AppError.error("NOT_FOUND");
  }
}

export const msg = (key: string, values?: Record<string, unknown>): Message => ({ key, values });
