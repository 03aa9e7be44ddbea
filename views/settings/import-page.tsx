/**
 * Settings → Import (docs/domain.md#imports): upload a file, map its columns to fields, see the
 * preview (counts, refused rows with reasons, what needs confirming), import. One page for every
 * kind; the steps are plain forms.
 */
import type { ImportField, ImportMapping } from "@/lib/import/mapping";
import { columnFieldName, IMPORT_FILE_ACCEPT, IMPORT_KIND_NAMES, IMPORT_PATH } from "@/modules/settings/imports/schemas";
import { StaticTable, type TableColumn } from "../components/data-table";
import { InfoBox } from "../components/info-box";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";

export interface ImportPreviewView {
  counts: { new: number; changed: number; unchanged: number; refused: number };
  refused: { line: number; reasons: string[] }[];
  confirm: string[];
}

export interface ImportPageProps {
  kind: string;
  errors: string[];
  /** Set once a file is uploaded. */
  upload?: { id: number; fileName: string; headers: string[]; rows: number; fields: ImportField[]; keys: readonly string[]; mapping: ImportMapping };
  preview?: ImportPreviewView;
  canExport: boolean;
}

/** New, changed, unchanged and refused rows: the preview's and the finished import's. */
export function ImportCounts({ title, counts }: { title: string; counts: ImportPreviewView["counts"] }) {
  const { t } = useView();
  return <InfoBox title={title} items={(["new", "changed", "unchanged", "refused"] as const).map((name) => ({ label: t(`import.counts.${name}`), value: String(counts[name]), data: { "data-count": name } }))} />;
}

const letters = (index: number): string => {
  let text = "";
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) text = String.fromCharCode(65 + ((rest - 1) % 26)) + text;
  return text;
};

export function ImportPage(props: ImportPageProps) {
  const { t } = useView();
  const base = `${IMPORT_PATH}/${props.kind}`;
  const title = t(`import.kinds.${props.kind}`);
  return (
    <AppLayout title={t("import.title", { kind: title })}>
      {/* The menu opens the first kind; the others are a click away here. */}
      <nav aria-label={t("import.kindsNav")} data-testid="import-kinds" style={{ display: "flex", gap: ".4rem", marginBottom: "1rem" }}>
        {IMPORT_KIND_NAMES.map((name) => (
          <a key={name} className={`button${name === props.kind ? " button-primary" : ""}`} href={`${IMPORT_PATH}/${name}`} aria-current={name === props.kind ? "page" : undefined}>
            {t(`import.kinds.${name}`)}
          </a>
        ))}
      </nav>
      {props.errors.length ? (
        <div className="alert alert-warning" role="alert" data-testid="import-errors">
          <ul>
            {props.errors.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {props.upload ? <MappingForm {...props} base={base} /> : <UploadStep base={base} kind={props.kind} canExport={props.canExport} />}
    </AppLayout>
  );
}

function UploadStep({ base, kind, canExport }: { base: string; kind: string; canExport: boolean }) {
  const { t } = useView();
  return (
    <>
      <p>{t("import.intro")}</p>
      <form method="post" action={base} encType="multipart/form-data">
        <div className="field">
          <label htmlFor="import-file">{t("import.file")}</label>
          <input id="import-file" type="file" name="file" required accept={IMPORT_FILE_ACCEPT} aria-describedby="import-file-hint" />
          <small id="import-file-hint" className="field-hint">
            {t("import.fileHint")}
          </small>
        </div>
        <button type="submit" className="button button-primary" data-testid="import-upload">
          {t("import.upload")}
        </button>
      </form>
      {canExport ? (
        <form method="post" action={`${base}/export`}>
          <button type="submit" className="button" data-testid="import-export">
            {t(`import.exports.${kind}`)}
          </button>
        </form>
      ) : null}
    </>
  );
}

function MappingForm(props: ImportPageProps & { base: string }) {
  const { t } = useView();
  const upload = props.upload!;
  const action = `${props.base}/${upload.id}`;
  const columns: TableColumn<ImportField>[] = [
    { key: "label", label: t("import.field") },
    {
      key: "column",
      label: t("import.column"),
      render: (field) => (
        <select name={columnFieldName(field.key)} defaultValue={String(upload.mapping.columns[field.key] ?? "")} aria-label={field.label} data-field={field.key}>
          <option value="">{t("import.notImported")}</option>
          {upload.headers.map((header, index) => (
            <option key={index} value={String(index)}>
              {`${letters(index)}: ${header}`}
            </option>
          ))}
        </select>
      ),
    },
  ];
  const preview = props.preview;
  return (
    <form method="post" action={action}>
      <p>{t("import.uploaded", { name: upload.fileName, rows: upload.rows })}</p>
      <StaticTable columns={columns} rows={upload.fields} rowKey={(field) => field.key} label={t("import.mapping")} />
      <div className="field">
        <label htmlFor="import-key">{t("import.key")}</label>
        <select id="import-key" name="key" defaultValue={upload.mapping.key ?? ""}>
          <option value="">{t("import.keyDefault")}</option>
          {upload.keys.map((key) => (
            <option key={key} value={key}>
              {upload.fields.find((field) => field.key === key)?.label ?? key}
            </option>
          ))}
        </select>
      </div>
      {preview ? (
        <>
          <ImportCounts title={t("import.preview")} counts={preview.counts} />
          {preview.refused.length ? (
            <StaticTable
              columns={[
                { key: "line", label: t("import.lineColumn"), align: "end", render: (row) => String(row.line) },
                { key: "reasons", label: t("import.reasonColumn"), render: (row) => row.reasons.join("; ") },
              ]}
              rows={preview.refused}
              rowKey={(row) => row.line}
              label={t("import.refusedSheet")}
            />
          ) : null}
          {preview.confirm.length ? (
            <div className="field field-checkbox">
              <ul>
                {preview.confirm.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
              <label>
                <input type="checkbox" name="confirmed" value="true" data-testid="import-confirm" /> {t("import.confirm")}
              </label>
            </div>
          ) : null}
        </>
      ) : null}
      <div className="form-actions">
        <button type="submit" name="step" value="preview" className="button" data-testid="import-preview">
          {t("import.previewButton")}
        </button>
        {preview ? (
          <>
            <button type="submit" name="step" value="run" className="button button-primary" data-testid="import-run">
              {t("import.run")}
            </button>
            {preview.refused.length ? (
              <button type="submit" name="step" value="refused" className="button" data-testid="import-refused">
                {t("import.downloadRefused")}
              </button>
            ) : null}
          </>
        ) : null}
      </div>
    </form>
  );
}
