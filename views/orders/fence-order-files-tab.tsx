/**
 * The fence order's Files tab (3), a fragment the tab frame loads lazily: an upload form and a
 * grid of the order's files (image thumbnails, a PDF icon for PDFs) with name, size, upload time,
 * download and delete. Every action is a plain form that also works without JavaScript; with
 * htmx it answers this fragment again.
 */
import { fileGridStyles, UploadForm } from "../components/upload-form";
import { useView } from "../view-context";

export const FILES_TAB_ID = "fence-order-files-tab";

export interface FilesTabFile {
  id: number;
  fileName: string;
  isImage: boolean;
  url: string;
  previewUrl: string;
  /** Already formatted ("1,2 MB", "12.05.2026 14:03"). */
  sizeText: string;
  uploadedAtText: string;
}

export interface FilesTabProps {
  orderId: number;
  files: FilesTabFile[];
  /** Translated refusals of the last action (shown above the form). */
  errors?: string[];
  limits: { maxMb: number; maxFiles: number; accept: string };
}

const { gridStyle, cardStyle, thumbStyle, captionStyle, actionsStyle } = fileGridStyles;

function PdfIcon({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 60 70" style={thumbStyle} role="img" aria-label={label} className="fence-order-file-pdf">
      <path d="M12 5h26l12 12v48H12z" fill="#fff" stroke="#b42318" strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M38 5v12h12" fill="none" stroke="#b42318" strokeWidth="2.5" strokeLinejoin="round" />
      <text x="31" y="50" textAnchor="middle" fontSize="13" fontWeight="700" fill="#b42318" fontFamily="sans-serif">
        PDF
      </text>
    </svg>
  );
}

export function FenceOrderFilesTab({ orderId, files, errors = [], limits }: FilesTabProps) {
  const { t } = useView();
  const uploadPath = `/orders/fenceOrder/${orderId}/files`;
  return (
    <section id={FILES_TAB_ID} className="fence-order-files-tab" aria-label={t("fenceOrderFiles.title")}>
      <UploadForm
        action={uploadPath}
        targetId={FILES_TAB_ID}
        inputId="fence-order-files-input"
        label={t("fenceOrderFiles.files")}
        hint={t("fenceOrderFiles.hint", { maxMb: limits.maxMb, maxFiles: limits.maxFiles })}
        submitText={t("fenceOrderFiles.upload")}
        accept={limits.accept}
        errors={errors}
      />
      {files.length === 0 ? (
        <p className="fence-order-files-empty">{t("fenceOrderFiles.empty")}</p>
      ) : (
        <ul className="fence-order-files" style={gridStyle}>
          {files.map((file) => {
            const deletePath = `/orders/fenceOrder/${orderId}/files/${file.id}/delete`;
            return (
              <li key={file.id} className="fence-order-file" style={cardStyle} data-file-id={file.id}>
                <a href={file.url} target="_blank" rel="noopener">
                  {file.isImage ? (
                    <img src={file.previewUrl} alt={t("fenceOrderFiles.alt", { name: file.fileName })} loading="lazy" style={thumbStyle} />
                  ) : (
                    <PdfIcon label={`${t("fenceOrderFiles.pdf")}: ${file.fileName}`} />
                  )}
                </a>
                <div style={captionStyle}>
                  <strong className="fence-order-file-name">{file.fileName}</strong>
                  <br />
                  <small>
                    <span title={t("fenceOrderFiles.size")}>{file.sizeText}</span> · <span title={t("fenceOrderFiles.uploadedAt")}>{file.uploadedAtText}</span>
                  </small>
                </div>
                <div style={actionsStyle}>
                  <a className="button" href={file.url} download={file.fileName}>
                    {t("fenceOrderFiles.download")}
                  </a>
                  <form method="post" action={deletePath} hx-post={deletePath} hx-target={`#${FILES_TAB_ID}`} hx-swap="outerHTML" hx-confirm={t("fenceOrderFiles.deleteConfirm", { name: file.fileName })}>
                    <button type="submit" className="button button-danger" aria-label={`${t("action.delete")}: ${file.fileName}`}>
                      {t("action.delete")}
                    </button>
                  </form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
