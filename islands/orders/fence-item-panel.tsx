/**
 * One fence item of the items editor: its header (type, product, size, price; a click expands it),
 * and when expanded its fields by section (only those of its type; an empty required one has a red
 * top border), the creation parameters of its product, its sub-products, the computed numbers and
 * the live drawing beside, and previous/next, copy and remove. The sub-products and the computed
 * numbers are files of their own (fence-item-sub-products.tsx, fence-item-computed.tsx).
 */
import type { ReactNode } from "react";
import { formatMoney } from "@/lib/money";
import { type FenceItemComputation, FENCE_ITEM_ENUMS, halereToKc, isTwoWing, type ProductType } from "@/modules/orders/fence-item/engine";
import type { ItemProductChoice } from "@/modules/orders/fence-item/schemas";
import { FenceDrawing, type FenceDrawingT } from "./fence-drawing";
import { ComputedNumbers } from "./fence-item-computed";
import { SubProducts, type SubProductsProps } from "./fence-item-sub-products";
import { FieldBox, formatNumber } from "./fence-items-fields";
import { engineFields, FIELD_KINDS, parseNum, SECTIONS, type SectionName, shownFields } from "./fence-items-model";
import { ProductPicker, type ProductHit } from "./product-picker";

/** Where it lived before the editor was split (fence-items-model.test.ts imports it from here). */
export { formatNumber } from "./fence-items-fields";

/** The item's own props, and its sub-products' (fence-item-sub-products.tsx). */
export interface ItemPanelProps extends SubProductsProps {
  count: number;
  open: boolean;
  computed: FenceItemComputation;
  product: ItemProductChoice | undefined;
  onToggle: () => void;
  onStep: (by: -1 | 1) => void;
  onField: (name: string, value: string | boolean) => void;
  onProduct: (product: ProductHit) => void;
  onParameter: (id: number, value: string) => void;
  onSpacer: (part: "main" | "alt") => void;
  onCopy: () => void;
  onRemove: () => void;
}

const issueText = (t: FenceDrawingT, issue: { message: string; params?: Record<string, string | number> }) => {
  const params = Object.fromEntries(Object.entries(issue.params ?? {}).map(([key, value]) => [key, typeof value === "number" ? formatNumber(value) : value]));
  return t(issue.message, params);
};

export function ItemPanel(props: ItemPanelProps) {
  const { item, index, computed, t } = props;
  const { validation } = computed;
  const type = ((item.v.productType as string) || null) as ProductType | null;
  // What only the open item's body reads; a closed item is its header (29 of an order's 30 items).
  const fields = props.open ? engineFields(item) : null;
  const shown = fields ? shownFields(fields) : new Set<string>();
  const required = new Set<string>(props.open ? validation.required : []);
  const missing = new Set<string>(props.open ? validation.missing : []);
  const id = (name: string) => `fi-${item.key}-${name}`;
  const path = (name: string) => `items[${index}].${name}`;

  // Live messages: the last save's first, then what the engine says now (fillings and handle height below 0), then a number that is none.
  const messageOf = (name: string): string | undefined => {
    const saved = props.errors[path(name)];
    if (saved) return saved;
    const issue = validation.errors.find((error) => error.field === name && error.message !== "validation.required");
    if (issue) return issueText(t, issue);
    const kind = FIELD_KINDS[name];
    if ((kind === "mm" || kind === "dec" || kind === "int") && Number.isNaN(parseNum(item.v[name]))) return t(kind === "int" ? "validation.integer" : "validation.number");
    return undefined;
  };
  const hintOf = (name: string): string | undefined => {
    const hint = validation.hints.find((issue) => issue.field === name);
    if (hint) return issueText(t, hint);
    if (name === "solidPartWidth") return t("fenceItem.editor.hintParts");
    return undefined;
  };

  const field = (name: string) => {
    if (name === "product") {
      return (
        <FieldBox key={name} id={id(name)} name={name} label={t("fenceItem.field.product")} className={missing.has(name) ? "field-missing" : undefined} error={props.errors[path(name)]} hint={hintOf(name)}>
          <ProductPicker id={id(name)} name={path(name)} value={item.product} itemType={(item.v.productType as string) || null} onPick={props.onProduct} placeholder={t("fenceItem.editor.productSearch")} noMatch={t("fenceItem.editor.noProducts")} />
        </FieldBox>
      );
    }
    const kind = FIELD_KINDS[name]!;
    const value = item.v[name];
    const common = { id: id(name), name: path(name), "aria-required": required.has(name) || undefined, "aria-describedby": `${id(name)}-msg` };
    let input: ReactNode;
    if (kind === "bool") {
      input = <input type="checkbox" {...common} checked={value === true} onChange={(event) => props.onField(name, event.target.checked)} />;
    } else if (kind in FENCE_ITEM_ENUMS) {
      const values = FENCE_ITEM_ENUMS[kind as keyof typeof FENCE_ITEM_ENUMS];
      input = (
        <select {...common} value={String(value)} onChange={(event) => props.onField(name, event.target.value)}>
          <option value="">{t(name === "productType" ? "fenceItem.editor.chooseType" : "fenceItem.editor.choose")}</option>
          {values.map((option) => (
            <option key={option} value={option}>
              {t(`fenceItem.${kind}.${option}`)}
            </option>
          ))}
        </select>
      );
    } else {
      const numeric = kind !== "text";
      input = <input type="text" {...common} inputMode={numeric ? (kind === "int" ? "numeric" : "decimal") : undefined} autoComplete="off" value={String(value)} onChange={(event) => props.onField(name, event.target.value)} />;
    }
    const classes = [kind === "bool" ? "field-checkbox" : "", missing.has(name) ? "field-missing" : ""].filter(Boolean).join(" ");
    return (
      <FieldBox key={name} id={id(name)} name={name} label={t(`fenceItem.field.${name}`)} className={classes || undefined} error={messageOf(name)} hint={hintOf(name)}>
        {input}
      </FieldBox>
    );
  };

  // A closed item shows only its header: its fields are built when it is open (29 of an order's 30 items are closed).
  const sections = !props.open ? null : (Object.entries(SECTIONS) as [SectionName, readonly string[]][]).map(([section, names]) => {
    const visible = names.filter((name) => shown.has(name));
    if (!visible.length) return null;
    const slats = section === "sectionSlats";
    const grid = <div className="fi-grid">{visible.map(field)}</div>;
    // Elevation and extension are rare: folded away until one has a value.
    if (section === "sectionElevation") {
      return (
        <details key={section} className="fi-section" open={visible.some((name) => item.v[name] !== "")}>
          <summary>{t(`fenceItem.editor.${section}`)}</summary>
          <p className="field-hint">{t("fenceItem.editor.hintElevation")}</p>
          <p className="field-hint">{t("fenceItem.editor.hintExtension")}</p>
          {grid}
        </details>
      );
    }
    return (
      <fieldset key={section} className={`form-section fi-section fi-${section}`}>
        <legend>{t(`fenceItem.editor.${section}`)}</legend>
        {grid}
        {slats ? (
          <div className="fi-spacer-buttons">
            <button type="button" className="button" data-spacer="main" onClick={() => props.onSpacer("main")}>
              {t("fenceItem.editor.spacer")}
            </button>
            {isTwoWing(type) ? (
              <button type="button" className="button" data-spacer="alt" onClick={() => props.onSpacer("alt")}>
                {t("fenceItem.editor.spacerAlt")}
              </button>
            ) : null}
          </div>
        ) : null}
      </fieldset>
    );
  });

  const creation = props.product?.creation ?? [];
  const typeLabel = type ? t(`fenceItem.productType.${type}`) : t("fenceItem.editor.newType");
  const length = parseNum(item.v.length);
  const height = parseNum(item.v.height);
  const size = length !== undefined && height !== undefined && Number.isFinite(length + height) ? `${formatNumber(length)} × ${formatNumber(height)} mm` : null;
  const amount = parseNum(item.v.amount);
  const headId = `${id("head")}`;
  const bodyId = `${id("body")}`;

  return (
    <article className={`fi-item${props.open ? " fi-item-open" : ""}${validation.valid ? "" : " fi-item-invalid"}`} data-item-key={item.key} data-item-id={item.id ?? ""} data-valid={validation.valid}>
      <h3 className="fi-item-head">
        <button type="button" id={headId} aria-expanded={props.open} aria-controls={bodyId} onClick={props.onToggle}>
          <span className="fi-item-title">{t("fenceItem.editor.item", { position: index + 1 })}</span>
          <span className="fi-item-type">{typeLabel}</span>
          <span className="fi-item-meta">{[item.product?.name, size, amount !== undefined && Number.isFinite(amount) ? `${formatNumber(amount, 3)} ${t("fenceItem.editor.pieces")}` : null].filter(Boolean).join(" · ")}</span>
          <span className="fi-item-price">{computed.totalPriceHalere === null ? "" : formatMoney(halereToKc(computed.totalPriceHalere), props.lang)}</span>
          {validation.valid ? null : <span className="fi-badge">{t("fenceItem.editor.invalid")}</span>}
        </button>
      </h3>
      {props.open ? (
        <div className="fi-item-body" id={bodyId} role="region" aria-labelledby={headId}>
          <div className="fi-item-form">
            {sections}
            {creation.length ? (
              <fieldset className="form-section fi-section">
                <legend>{t("fenceItem.editor.sectionCreation")}</legend>
                <div className="fi-grid">
                  {creation.map((parameter, k) => {
                    const value = item.parameters.find((entry) => entry.id === parameter.id)?.value ?? "";
                    const sentIndex = item.parameters.filter((entry) => entry.value.trim() !== "").findIndex((entry) => entry.id === parameter.id);
                    const error = props.errors[`${path("parameters")}[${sentIndex}].value`] ?? (k === 0 ? props.errors[path("parameters")] : undefined);
                    return (
                      <FieldBox key={parameter.id} id={id(`p${parameter.id}`)} label={parameter.unit ? `${parameter.name} (${parameter.unit})` : parameter.name} className={parameter.required && !parameter.default && !value ? "field-missing" : undefined} error={error}>
                        <input type="text" id={id(`p${parameter.id}`)} name={`${path("parameters")}.${parameter.id}`} placeholder={parameter.default ?? undefined} value={value} onChange={(event) => props.onParameter(parameter.id, event.target.value)} />
                      </FieldBox>
                    );
                  })}
                </div>
              </fieldset>
            ) : null}
            {item.manufactured ? (
              <p className="fi-manufactured">
                {t("fenceItem.field.manufacturedProduct")}: <strong>{item.manufactured.name}</strong>
              </p>
            ) : null}
            <SubProducts {...props} />
            <div className="fi-item-actions">
              <button type="button" className="link-button" disabled={index === 0} onClick={() => props.onStep(-1)}>
                {t("fenceItem.editor.previous")}
              </button>
              <button type="button" className="link-button" disabled={index === props.count - 1} onClick={() => props.onStep(1)}>
                {t("fenceItem.editor.next")}
              </button>
              <span className="fi-spring" />
              <button type="button" className="button" onClick={props.onCopy}>
                {t("fenceItem.editor.copy")}
              </button>
              <button type="button" className="button button-danger" onClick={props.onRemove}>
                {t("fenceItem.editor.remove")}
              </button>
            </div>
          </div>
          <aside className="fi-item-side" aria-label={t("fenceItem.editor.computed")}>
            <h4>{t("fenceItem.editor.computed")}</h4>
            <ComputedNumbers computed={computed} type={type} t={t} lang={props.lang} />
            <h4>{t("fenceItem.editor.drawing")}</h4>
            <FenceDrawing item={fields!} computed={computed} parameters={props.product?.parameters ?? {}} t={t} />
          </aside>
        </div>
      ) : null}
    </article>
  );
}
