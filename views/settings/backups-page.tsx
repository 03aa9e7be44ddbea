/** Settings → Backups (docs/decisions/067-backup-and-restore.md): download one now, the kept nightly ones, how many to keep. */
import { formatCzechDateTime } from "@/lib/dates";
import { formatDecimal } from "@/lib/money";
import { BACKUPS_PATH, type KeptBackup } from "@/modules/settings/backups/schemas";
import { StaticTable, type TableColumn } from "../components/data-table";
import { EntityForm, type FormField, type FormValues } from "../components/form";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";

export interface BackupsPageProps {
  /** The kept backups, newest first; null when this instance keeps none (no DATA_DIR given). */
  kept: KeptBackup[] | null;
  dir: string | null;
  fields: FormField[];
  values: FormValues;
  errors?: Record<string, string>;
  formErrors?: string[];
}

export function BackupsPage(props: BackupsPageProps) {
  const { t, lang } = useView();
  const columns: TableColumn<KeptBackup>[] = [
    { key: "name", label: t("backup.file"), render: (row) => <a href={`${BACKUPS_PATH}/files/${row.name}`} download>{row.name}</a> },
    { key: "createdAt", label: t("backup.createdAt"), nowrap: true, render: (row) => formatCzechDateTime(row.createdAt) },
    { key: "bytes", label: t("backup.size"), align: "end", nowrap: true, render: (row) => `${formatDecimal(row.bytes / 1024, lang, 0)} KB` },
  ];
  return (
    <AppLayout title={t("backup.title")}>
      <p>{t("backup.intro")}</p>
      <form method="post" action={`${BACKUPS_PATH}/download`}>
        <button type="submit" className="button button-primary" data-testid="backup-download">
          {t("backup.download")}
        </button>
      </form>
      <h2>{t("backup.kept")}</h2>
      {props.kept === null ? (
        <p>{t("backup.notKeptHere")}</p>
      ) : (
        <>
          <p>{t("backup.keptIn", { dir: props.dir })}</p>
          <StaticTable columns={columns} rows={props.kept} rowKey={(row) => row.name} label={t("backup.kept")} empty={t("backup.noneKept")} />
        </>
      )}
      <EntityForm action={BACKUPS_PATH} fields={props.fields} values={props.values} errors={props.errors} formErrors={props.formErrors} submitLabel={t("backup.save")} />
    </AppLayout>
  );
}
