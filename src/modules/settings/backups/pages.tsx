/**
 * Settings → Backups, admins only (docs/decisions/067-backup-and-restore.md). A backup made now is
 * asked for by POST (it costs a dump of the whole database: no cross-site link may start one); the
 * kept nightly ones download by name.
 */
import { Hono } from "hono";
import { BackupsPage } from "@views/settings/backups-page";
import { type FormField, type FormValues, formToInput } from "@views/components/form";
import type { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { sendFile } from "@/lib/http/file";
import { backupFileName } from "@/lib/backup/dump";
import { formState, withFormErrors } from "@/web/form-state";
import { flash, renderPage } from "@/web/render";
import { BACKUPS_PATH } from "./schemas";
import { backupNow, backupsDir, backupsKeptSetting, listKeptBackups, readKeptBackup, saveBackupSettings } from "./service";

export const backupsPages = new Hono<AppEnv>();

const ZIP = "application/zip";

const fields = (c: AppContext): FormField[] => [{ name: "keep", label: c.get("t")("backup.keep"), kind: "integer", required: true, hint: c.get("t")("backup.keepHint") }];

async function backupsView(c: AppContext, values?: FormValues, error?: AppError) {
  const dataDir = c.get("deps").dataDir;
  const list = fields(c);
  const { errors, formErrors, answer } = formState(c, error, list.map((field) => field.name));
  const page = (
    <BackupsPage
      kept={dataDir ? listKeptBackups(dataDir) : null}
      dir={dataDir ? backupsDir(dataDir) : null}
      fields={list}
      values={values ?? { keep: String(await backupsKeptSetting({ ctx: c.get("ctx") })) }}
      errors={errors}
      formErrors={formErrors}
    />
  );
  return renderPage(c, page, answer);
}

backupsPages.get(BACKUPS_PATH, (c) => backupsView(c));

backupsPages.post(BACKUPS_PATH, async (c) => {
  const body = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
  const input = formToInput(fields(c), body);
  return withFormErrors(
    async () => {
      await saveBackupSettings({ ctx: c.get("ctx"), input });
      flash(c, "success", "SAVED");
      return c.redirect(BACKUPS_PATH, 303);
    },
    (error) => backupsView(c, input, error),
  );
});

backupsPages.post(`${BACKUPS_PATH}/download`, async (c) => {
  const backup = await backupNow({ ctx: c.get("ctx"), database: c.get("deps").database });
  return sendFile(c, { bytes: backup.bytes, contentType: ZIP, fileName: backupFileName(new Date(backup.manifest.createdAt)), disposition: "attachment" });
});

backupsPages.get(`${BACKUPS_PATH}/files/:name`, (c) => {
  const dataDir = c.get("deps").dataDir;
  const name = c.req.param("name");
  if (!dataDir) return c.notFound();
  return sendFile(c, { bytes: readKeptBackup(dataDir, name), contentType: ZIP, fileName: name, disposition: "attachment" });
});
