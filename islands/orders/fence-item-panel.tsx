/**
 * One fence item of the items editor: its header (type, product, size, price; a click expands it),
 * and when expanded its fields by section (only those of its type; an empty required one has a red
 * top border), the creation parameters of its product, its sub-products, the computed numbers and
 * the live drawing beside, and previous/next, copy and remove.
 */
import type { ReactNode } from "react";
import type { Lang } from "@/lib/lang";
import { formatMoney } from "@/lib/money";
import { type FenceItemComputation, FENCE_ITEM_ENUMS, halereToKc, isTwoWing, kcToHalere, lineTotalHalere, type ProductType } from "@/modules/orders/fence-item/engine";
import type { ItemProductChoice, ItemsTabChoices } from "@/modules/orders/fence-item/schemas";
import { FenceDrawing, type FenceDrawingT } from "./fence-drawing";
import { COMPUTED, FIELD_KINDS, type ItemDraft, parseNum, SECTIONS, type SectionName, shownFields, type SubDraft, engineFields } from "./fence-items-model";
import { ProductPicker, type ProductHit } from "./product-picker";

export interface ItemPanelProps {
  item: ItemDraft;
  index: number;
  count: number;
  open: boolean;
  computed: FenceItemComputation;
  product: ItemProductChoice | undefined;
  choices: ItemsTabChoices;
  /** Messages of the last save attempt, by bracket path. */
  errors: Record<string, string>;
  /** Sub-product categories the item has stored lines of (the last of one cannot be removed). */
  storedCategories: ReadonlySet<number>;
  t: FenceDrawingT;
  /** The page's language, for its numbers (decision 046). */
  lang: Lang;
  onToggle: () => void;
  onStep: (by: -1 | 1) => void;
  onField: (name: string, value: string | boolean) => void;
  onProduct: (product: ProductHit) => void;
  onParameter: (id: number, value: string) => void;
  onSub: (key: string, patch: Partial<SubDraft>) => void;
  onSubProduct: (key: string, product: ProductHit) => void;
  onAddSub: () => void;
  onRemoveSub: (sub: SubDraft) => void;
  onSpacer: (part: "main" | "alt") => void;
  onCopy: () => void;
  onRemove: () => void;
}

/** A number for people: decimal comma, at most `places` decimals (an area keeps its 3: 3,825 m², not 3,83). */
export const formatNumber = (value: number, places = 2): string => String(Math.round(value * 10 ** places) / 10 ** places).replace(".", ",").replace("-", "−");

/** The label, the input and its message or hint. */
export function FieldBox(props: { id: string; label: string; name?: string; className?: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className={`field${props.className ? ` ${props.className}` : ""}${props.error ? " field-invalid" : ""}`} data-field={props.name}>
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.error ? (
        <span className="field-error" id={`${props.id}-msg`}>
          {props.error}
        </span>
      ) : props.hint ? (
        <span className="field-hint" id={`${props.id}-msg`}>
          {props.hint}
        </span>
      ) : null}
    </div>
  );
}

/** A text cell of a line table (amount, unit price, name): its input, marked when empty and required or refused. */
export function LineInput(props: { name: string; label: string; value: string; error?: string; missing?: boolean; decimal?: boolean; onChange: (value: string) => void }) {
  const classes = [props.missing ? "field-missing" : "", props.error ? "field-invalid" : ""].join(" ").trim();
  return (
    <td className={classes || undefined}>
      <input type="text" name={props.name} inputMode={props.decimal ? "decimal" : undefined} aria-label={props.label} value={props.value} onChange={(event) => props.onChange(event.target.value)} />
      {props.error ? <span className="field-error">{props.error}</span> : null}
    </td>
  );
}

/** amount × unit price of a line as typed, rounded as the server rounds it; a dash until both are numbers. */
export function LineTotal({ amount, unitPrice, lang }: { amount: string; unitPrice: string; lang: Lang }) {
  const [count, price] = [parseNum(amount), parseNum(unitPrice)];
  const ready = count !== undefined && price !== undefined && Number.isFinite(count + price);
  return <td className="align-end fi-num">{ready ? formatMoney(halereToKc(lineTotalHalere(count, kcToHalere(price))), lang) : "–"}</td>;
}

/** The × that removes a line. */
export function RemoveLine(props: { label: string; title?: string; disabled?: boolean; onClick: () => void }) {
  return (
    <td>
      <button type="button" className="link-button danger-link" disabled={props.disabled} title={props.title ?? props.label} aria-label={props.label} onClick={props.onClick}>
        ×
      </button>
    </td>
  );
}

const issueText = (t: FenceDrawingT, issue: { message: string; params?: Record<string, string | number> }) => {
  const params = Object.fromEntries(Object.entries(issue.params ?? {}).map(([key, value]) => [key, typeof value === "number" ? formatNumber(value) : value]));
  return t(issue.message, params);
};

function ComputedNumbers({ computed, type, t, lang }: { computed: FenceItemComputation; type: ProductType | null; t: FenceDrawingT; lang: Lang }) {
  const twoWing = isTwoWing(type);
  const slatted = !!type && type !== "CUSTOM";
  const money = (halere: number | null) => (halere === null ? "–" : formatMoney(halereToKc(halere), lang));
  const value = (name: (typeof COMPUTED)[number]): string | null => {
    if (name === "unitPrice") return money(computed.unitPriceHalere);
    if (name === "totalPrice") return money(computed.totalPriceHalere);
    if (!twoWing && /Part|Alt$/.test(name)) return null;
    if (!slatted && /slat|tail|field/i.test(name)) return null;
    const number = (computed as unknown as Record<string, number | null>)[name] ?? null;
    return number === null ? "–" : formatNumber(number, name.includes("rea") ? 3 : 2);
  };
  const minErrors = new Set(computed.validation.errors.filter((issue) => issue.message === "validation.min").map((issue) => issue.field));
  return (
    <dl className="fi-computed">
      {COMPUTED.map((name) => {
        const shown = value(name);
        if (shown === null) return null;
        return (
          <div key={name} data-computed={name} className={minErrors.has(name) ? "fi-computed-bad" : undefined}>
            <dt>{t(`fenceItem.field.${name}`)}</dt>
            <dd>{shown}</dd>
            {minErrors.has(name) ? <dd className="field-error">{t("validation.min", { min: 0 })}</dd> : null}
          </div>
        );
      })}
    </dl>
  );
}

function SubProducts(props: ItemPanelProps) {
  const { item, index, t, choices } = props;
  const remaining = (sub: SubDraft) => item.subs.filter((other) => other.category === sub.category).length;
  return (
    <fieldset className="form-section fi-subs">
      <legend>{t("fenceItem.editor.subProducts")}</legend>
      {props.errors[`items[${index}].subProducts`] ? <p className="field-error">{props.errors[`items[${index}].subProducts`]}</p> : null}
      {item.subs.length ? (
        <table className="fi-lines">
          <thead>
            <tr>
              <th>{t("fenceItem.editor.subCategory")}</th>
              <th>{t("fenceItem.field.product")}</th>
              <th>{t("fenceItem.field.amount")}</th>
              <th>{t("fenceItem.field.unitPrice")}</th>
              <th className="align-end">{t("fenceItem.field.totalPrice")}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {item.subs.map((sub, j) => {
              const path = `items[${index}].subProducts[${j}]`;
              const locked = sub.category !== null && props.storedCategories.has(sub.category) && remaining(sub) < 2;
              const error = (field: string) => props.errors[`${path}.${field}`];
              const cell = (field: "amount" | "unitPrice") => (
                <LineInput name={`${path}.${field}`} label={t(`fenceItem.field.${field}`)} value={sub[field]} error={error(field)} decimal onChange={(value) => props.onSub(sub.key, { [field]: value })} />
              );
              return (
                <tr key={sub.key} data-sub-key={sub.key}>
                  <td>
                    <select name={`${path}.productCategory`} aria-label={t("fenceItem.editor.subCategory")} value={sub.category ?? ""} onChange={(event) => props.onSub(sub.key, { category: event.target.value ? Number(event.target.value) : null, product: null })}>
                      <option value="">{t("fenceItem.editor.choose")}</option>
                      {choices.categories.map((category) => (
                        <option key={category.id} value={category.id}>
                          {"\u2003".repeat(category.depth) + category.name}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className={!sub.product || error("product") ? "field-missing" : undefined}>
                    <ProductPicker
                      id={`${item.key}-${sub.key}-product`}
                      name={`${path}.product`}
                      value={sub.product}
                      category={sub.category}
                      onPick={(product) => props.onSubProduct(sub.key, product)}
                      placeholder={t("fenceItem.editor.productSearch")}
                      noMatch={t("fenceItem.editor.noProducts")}
                    />
                    {error("product") ? <span className="field-error">{error("product")}</span> : null}
                  </td>
                  {cell("amount")}
                  {cell("unitPrice")}
                  <LineTotal amount={sub.amount} unitPrice={sub.unitPrice} lang={props.lang} />
                  <RemoveLine label={t("fenceItem.editor.removeSubProduct")} title={locked ? t("fenceItem.editor.lastOfCategory") : undefined} disabled={locked} onClick={() => props.onRemoveSub(sub)} />
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      <button type="button" className="button" onClick={props.onAddSub}>
        {t("fenceItem.editor.addSubProduct")}
      </button>
    </fieldset>
  );
}

export function ItemPanel(props: ItemPanelProps) {
  const { item, index, computed, t } = props;
  const fields = engineFields(item);
  const type = (fields.productType ?? null) as ProductType | null;
  const shown = shownFields(fields);
  const { validation } = computed;
  const required = new Set<string>(validation.required);
  const missing = new Set<string>(validation.missing);
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

  const sections = (Object.entries(SECTIONS) as [SectionName, readonly string[]][]).map(([section, names]) => {
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
            <FenceDrawing item={fields} computed={computed} parameters={props.product?.parameters ?? {}} t={t} />
          </aside>
        </div>
      ) : null}
    </article>
  );
}
