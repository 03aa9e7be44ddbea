import type { Context } from "hono";
import type { Ctx, Lang } from "./context";
import type { Database } from "./db";
import type { T } from "./i18n";
import type { Logger } from "./logger";
import type { Metrics } from "./metrics";

export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  language: Lang;
}

export interface AppDeps {
  database: Database;
  logger: Logger;
  sessionTtlHours: number;
  /** This instance's DATA_DIR: the nightly backups are listed from its `backups` folder. Unset: none kept here (tests that need none). */
  dataDir?: string;
  /** `SMTP_URL` (decision 078): the e-mail pages say whether messages are sent or kept in DATA_DIR/outbox. */
  smtpUrl?: string;
  trustProxy: boolean;
  /** argon2id cost; tests pass cheap parameters. */
  passwordCost: { memoryCost: number; timeCost: number };
  mqttStatus: () => "up" | "down";
  /** The scale feed's figures for /healthz (docs/domain.md#scale-feed); unset: not reported. */
  scaleFeedStats?: () => { readingsPerMinute: number; newestReadingAgeSeconds: number | null };
  /**
   * Resolves when the database is open, migrated and seeded; until then `database` may not be read
   * and only the login page answers (src/lib/http/startup.ts). Unset: ready from the start.
   */
  starting?: Promise<void>;
  /** The registry /metrics prints (src/lib/metrics.ts); unset: the app makes its own. */
  metrics?: Metrics;
  /** The time requests are judged by where a limit counts them (kiosk scans); tests set it. Unset: the system clock. */
  clock?: () => Date;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    requestId: string;
    lang: Lang;
    t: T;
    user: SessionUser | null;
    authVia: "cookie" | "bearer" | null;
    ctx: Ctx;
  };
}

export type AppContext = Context<AppEnv>;
