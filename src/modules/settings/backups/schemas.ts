import { z } from "zod";
import { integerField } from "@/lib/zod-fields";

/** Settings → Backups (docs/decisions/067-backup-and-restore.md). */
export const BACKUPS_PATH = "/settings/backups";

/** Nightly backups kept unless set, and the most that may be kept. */
export const DEFAULT_BACKUPS_KEPT = 7;
export const MAX_BACKUPS_KEPT = 90;

export const backupSettingsInput = z.object({ keep: integerField({ min: 1, max: MAX_BACKUPS_KEPT }) });

/** A nightly backup kept in DATA_DIR/backups. */
export interface KeptBackup {
  name: string;
  bytes: number;
  createdAt: string;
}
