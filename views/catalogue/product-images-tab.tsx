/**
 * The product editor's Images tab (a fragment the tab frame loads lazily). Every action is a
 * plain form that also works without JavaScript; with htmx it answers this fragment again.
 */
import type { CSSProperties } from "react";
import type { Lang } from "@/lib/context";
import { formatDecimal } from "@/lib/money";
import { useView } from "../view-context";
import { UploadForm } from "../components/upload-form";

export const IMAGES_TAB_ID = "product-images-tab";

export interface ImagesTabImage {
  id: number;
  fileName: string;
  size: number;
  mimeType: string;
  isMain: boolean;
  url: string;
}

export interface ImagesTabProps {
  productId: number;
  images: ImagesTabImage[];
  /** Translated refusals of the last action (shown above the form). */
  errors?: string[];
  limits: { maxMb: number; maxFiles: number; accept: string };
}

const listStyle: CSSProperties = {
  listStyle: "none",
  padding: 0,
  margin: "1rem 0 0",
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))",
  gap: "1rem",
};
const cardStyle: CSSProperties = { border: "1px solid #d0d5dd", borderRadius: 6, padding: "0.5rem", display: "flex", flexDirection: "column", gap: "0.4rem" };
const mainCardStyle: CSSProperties = { ...cardStyle, borderColor: "#2e7d32", boxShadow: "0 0 0 2px #2e7d3233" };
const thumbStyle: CSSProperties = { width: "100%", height: 140, objectFit: "contain", background: "#f5f5f5" };
const captionStyle: CSSProperties = { fontSize: "0.85em", overflowWrap: "anywhere" };
const actionsStyle: CSSProperties = { display: "flex", flexWrap: "wrap", gap: "0.3rem" };

const kilobytes = (size: number, lang: Lang) => `${formatDecimal(Math.max(1, Math.round(size / 1024)), lang, 0)} kB`;

function ImageAction(props: { productId: number; imageId: number; action: "up" | "down" | "main" | "delete"; label: string; text: string; disabled?: boolean; confirm?: string }) {
  const path = `/products/${props.productId}/images/${props.imageId}/${props.action}`;
  return (
    <form method="post" action={path} hx-post={path} hx-target={`#${IMAGES_TAB_ID}`} hx-swap="outerHTML" hx-confirm={props.confirm}>
      <button type="submit" className={`button${props.action === "delete" ? " button-danger" : ""}`} aria-label={props.label} title={props.label} disabled={props.disabled}>
        {props.text}
      </button>
    </form>
  );
}

export function ProductImagesTab({ productId, images, errors = [], limits }: ImagesTabProps) {
  const { t, lang } = useView();
  const uploadPath = `/products/${productId}/images`;
  return (
    <section id={IMAGES_TAB_ID} className="product-images-tab" aria-label={t("productMedia.images.title")}>
      <UploadForm
        action={uploadPath}
        targetId={IMAGES_TAB_ID}
        inputId="product-images-files"
        label={t("productMedia.images.files")}
        hint={t("productMedia.images.hint", { maxMb: limits.maxMb, maxFiles: limits.maxFiles })}
        submitText={t("productMedia.images.upload")}
        accept={limits.accept}
        errors={errors}
        className="product-images-upload"
      />
      {images.length === 0 ? (
        <p className="product-images-empty">{t("productMedia.images.empty")}</p>
      ) : (
        <ol className="product-images-list" style={listStyle}>
          {images.map((image, index) => (
            <li key={image.id} className={`product-image${image.isMain ? " product-image-main" : ""}`} style={image.isMain ? mainCardStyle : cardStyle} data-image-id={image.id}>
              <img src={image.url} alt={t("productMedia.images.alt", { name: image.fileName })} loading="lazy" style={thumbStyle} />
              <div style={captionStyle}>
                {image.isMain ? (
                  <strong className="product-image-main-mark">{t("productMedia.images.main")} · </strong>
                ) : null}
                <span>{image.fileName}</span> <small>({kilobytes(image.size, lang)})</small>
              </div>
              <div style={actionsStyle}>
                <ImageAction productId={productId} imageId={image.id} action="up" text="↑" label={`${t("productMedia.images.moveUp")}: ${image.fileName}`} disabled={index === 0} />
                <ImageAction
                  productId={productId}
                  imageId={image.id}
                  action="down"
                  text="↓"
                  label={`${t("productMedia.images.moveDown")}: ${image.fileName}`}
                  disabled={index === images.length - 1}
                />
                {image.isMain ? null : (
                  <ImageAction productId={productId} imageId={image.id} action="main" text={t("productMedia.images.setMain")} label={`${t("productMedia.images.setMain")}: ${image.fileName}`} />
                )}
                <ImageAction
                  productId={productId}
                  imageId={image.id}
                  action="delete"
                  text={t("action.delete")}
                  label={`${t("action.delete")}: ${image.fileName}`}
                  confirm={t("productMedia.images.deleteConfirm", { name: image.fileName })}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
