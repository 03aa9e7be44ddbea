/**
 * The order's items tab (issue 10 part 4; spec 02 §2 "Items tab", §5, §9): fence items one at a
 * time with their drawing, other and assembly items, shipping, discount, note, measurement date
 * and the summary, every number computed live by the fence engine the server also runs. One save
 * (`PUT /api/orders/fenceOrder/:id/items`, Ctrl+S or the button) sends the whole tab; the list
 * reloads a second later with the real ids. Deleting a saved row deletes it at once, after a
 * confirmation. Each save sends the tab's version it holds; when someone else saved meanwhile
 * (409 CONFLICT, docs/decisions/034-items-tab-version.md) the edits stay in the form, unsaved, and
 * the tab says who saved and when, offering to reload what is stored instead.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import type { Lang } from "@/lib/lang";
import { formatMoney } from "@/lib/money";
import type { Message } from "@/lib/errors";
import { VIRTUAL_CUSTOM_PRODUCT_ID } from "@/modules/catalogue/product/schemas";
import {
  assemblyCounts,
  computeFenceItem,
  computeOrderTotals,
  DEFAULT_DISCOUNT_DESCRIPTION,
  halereToKc,
  parameterOrDefault,
  spacerCalculatorInputFor,
} from "@/modules/orders/fence-item/engine";
import type { EditItemsResult, ItemProductChoice, ItemsTab, ItemsTabChoices } from "@/modules/orders/fence-item/schemas";
import { type ApiEnvelope, callApi } from "../api";
import type { SpacerCalculatorTexts } from "../manufacture/spacer-texts";
import { confirmThen, showToast } from "../toast";
import { textsT } from "./fence-drawing";
import { FieldBox, formatNumber, ItemPanel, LineInput, LineTotal, RemoveLine } from "./fence-item-panel";
import {
  type Draft,
  draftOf,
  emptyItem,
  engineFields,
  keepKeys,
  type ItemDraft,
  type LineDraft,
  type LineList,
  newKey,
  type OfferDraft,
  parseNum,
  payloadOf,
  placeOf,
  problemsOf,
  type SubDraft,
  withIds,
} from "./fence-items-model";
import { ProductPicker, type ProductHit } from "./product-picker";

export interface FenceItemsEditorProps {
  orderId: number;
  /** `GET /api/orders/fenceOrder/:id/items`, read with the page. */
  tab: ItemsTab;
  /** The products of the tab's fence items as the engine computes with them; more are fetched as they are picked. */
  products: ItemProductChoice[];
  choices: ItemsTabChoices;
  /** FENCE_ITEMS_TEXT_KEYS translated by the server. */
  texts: Record<string, string>;
  spacerTexts: SpacerCalculatorTexts;
  /** The page's language, for its numbers (decision 046). */
  lang: Lang;
}

const API = "/api/orders/fenceOrder";
/** Spec 02 §4: the list reloads 1 s after a save. */
const RELOAD_AFTER_MS = 1000;

const num = (text: string) => parseNum(text) ?? null;

/** The spacer calculator comes when first opened: most visits never open it, so the tab loads without it. */
const SpacerCalculatorDialog = lazy(() => import("../manufacture/spacer-calculator-dialog"));

export default function FenceItemsEditor(props: FenceItemsEditorProps) {
  const t = useMemo(() => textsT(props.texts), [props.texts]);
  const { choices, orderId } = props;
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.tab, DEFAULT_DISCOUNT_DESCRIPTION));
  const [products, setProducts] = useState<Record<number, ItemProductChoice>>(() => Object.fromEntries(props.products.map((product) => [product.id, product])));
  const [open, setOpen] = useState<string | null>(() => draft.items[0]?.key ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notices, setNotices] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [reloads, setReloads] = useState(0);
  /** The stored version this form is based on: what the next save sends as `itemsVersion`. */
  const version = useRef(props.tab.itemsVersion);
  /** Someone else's save refused ours: the server's words (who and when); the form keeps the edits. */
  const [conflict, setConflict] = useState<{ message: string; itemsVersion: number } | null>(null);
  const [spacerFor, setSpacerFor] = useState<{ key: string; part: "main" | "alt" } | null>(null);
  // Edits since the page opened, and at the last save: the reload after a save replaces only a form nobody touched since.
  const [edits, setEdits] = useState(0);
  const [savedEdits, setSavedEdits] = useState(0);
  const editsRef = useRef(0);
  editsRef.current = edits;
  /** The save in flight or last refused by the network: a retry of the same body keeps its idempotency key. */
  const attempt = useRef<{ body: string; key: string } | null>(null);
  // Stored sub-product categories per item id (the server refuses removing the last line of one).
  const [stored, setStored] = useState(() => storedCategoriesOf(props.tab));
  // An item opened by adding, copying or stepping takes the focus on its first field, so typing goes on there.
  const focusOpened = useRef(false);
  const openAndFocus = (key: string | null) => {
    focusOpened.current = true;
    setOpen(key);
  };
  useEffect(() => {
    if (!focusOpened.current || !open) return;
    focusOpened.current = false;
    document.getElementById(`fi-${open}-productType`)?.focus();
  }, [open]);

  // ---- focus: a save keeps it where it was; a refusal takes it to the summary, whose links take it to a field ----
  const root = useRef<HTMLDivElement>(null);
  const errorSummary = useRef<HTMLDivElement>(null);
  const focusSummary = useRef(false);
  /** A field to focus once its item is open (the fields of a closed item are not rendered). */
  const focusAfterOpen = useRef<string | null>(null);
  const focusByName = (path: string) => {
    const within = root.current;
    if (!within) return;
    const named = (selector: string) => within.querySelector<HTMLElement>(selector);
    const escaped = CSS.escape(path);
    // The field itself; else the first of its kind (a parameter's inputs are `…parameters.<id>`); else the item's first field.
    const place = placeOf(path);
    const target =
      named(`[name="${escaped}"]`) ??
      named(`[name^="${escaped}."], [name^="${escaped}["]`) ??
      (place?.list === "items" ? named(`#fi-${CSS.escape(draft.items[place.index]?.key ?? "")}-productType`) : null);
    if (!target) return;
    target.focus();
    target.scrollIntoView?.({ block: "center" });
  };
  const focusField = (path: string) => {
    const place = placeOf(path);
    const key = place?.list === "items" ? draft.items[place.index]?.key : undefined;
    if (key && key !== open) {
      focusAfterOpen.current = path;
      setOpen(key);
    } else focusByName(path);
  };
  useEffect(() => {
    const path = focusAfterOpen.current;
    if (!path) return;
    focusAfterOpen.current = null;
    focusByName(path);
  }, [open]);

  const change = (update: (draft: Draft) => Draft, clear?: string) => {
    setDraft(update);
    setEdits((count) => count + 1);
    if (clear && errors[clear]) setErrors(({ [clear]: _gone, ...rest }) => rest);
  };
  const changeItem = (key: string, update: (item: ItemDraft) => ItemDraft, clear?: string) =>
    change((current) => ({ ...current, items: current.items.map((item) => (item.key === key ? update(item) : item)) }), clear);

  const parametersOf = (item: ItemDraft) => (item.product ? (products[item.product.id]?.parameters ?? {}) : {});
  const computed = useMemo(() => draft.items.map((item) => computeFenceItem(engineFields(item), parametersOf(item))), [draft.items, products]);

  const loadProduct = async (id: number): Promise<ItemProductChoice | null> => {
    if (products[id]) return products[id];
    const answer = await callApi<ItemProductChoice>(`${API}/itemProduct/${id}`);
    const found = answer?.status === "success" ? (answer.data ?? null) : null;
    if (found) setProducts((current) => ({ ...current, [id]: found }));
    return found;
  };

  // ---- the summary and the assembly offer, live ---------------------------------------------------
  const shippingType = choices.shippingTypes.find((type) => String(type.id) === draft.offer.shippingType) ?? null;
  const linesOf = (list: LineDraft[] | SubDraft[]) => list.map((line) => ({ amount: num(line.amount), unitPrice: num(line.unitPrice) }));
  const totals = computeOrderTotals({
    fenceItems: computed,
    otherItems: linesOf(draft.otherItems),
    assemblyItems: linesOf(draft.assemblyItems),
    subProducts: draft.items.flatMap((item) => linesOf(item.subs)),
    shipping: { distance: num(draft.offer.shippingDistance), unitPrice: num(draft.offer.shippingUnitPrice) ?? shippingType?.price ?? null, priceByDistance: shippingType?.priceByDistance ?? null },
    discountAmount: num(draft.offer.discountAmount),
    vatRate: props.tab.summary.vatRate,
  });
  const suggestions = assemblyCounts(
    draft.items.map((item, index) => ({ productType: computed[index]!.productType, amount: num(item.v.amount as string), assemblyPrice: parameterOrDefault(parametersOf(item), "assemblyPrice") })),
  ).flatMap((count) => {
    const product = choices.assembly.find((row) => row.role === count.role);
    return product ? [{ product, amount: count.amount, unitPrice: count.unitPrice ?? product.unitPrice }] : [];
  });

  // ---- the save -----------------------------------------------------------------------------------
  const text = (message: Message) => t(message.key, message.values as Record<string, string | number>);
  const creationIds = (productId: number) => (products[productId] ? new Set(products[productId].creation.map((parameter) => parameter.id)) : null);

  const reload = async (editsAtSave: number) => {
    const answer = await callApi<ItemsTab>(`${API}/${orderId}/items`);
    if (answer?.status !== "success" || !answer.data) return;
    const tab = answer.data;
    // The form only moves to a newer version when it shows that version's rows.
    if (editsRef.current === editsAtSave) {
      version.current = tab.itemsVersion;
      setDraft((current) => keepKeys(draftOf(tab, DEFAULT_DISCOUNT_DESCRIPTION), current));
      setStored(storedCategoriesOf(tab));
    }
    setReloads((count) => count + 1);
  };

  const savingRef = useRef(false);
  const save = async () => {
    if (savingRef.current) return;
    const body = { ...payloadOf(draft, creationIds), itemsVersion: version.current };
    const problems = problemsOf(draft, body, computed);
    if (Object.keys(problems).length) {
      refuse(Object.fromEntries(Object.entries(problems).map(([path, message]) => [path, text(message)])), []);
      return;
    }
    const bodyText = JSON.stringify(body);
    if (attempt.current?.body !== bodyText) attempt.current = { body: bodyText, key: newKey() };
    const key = attempt.current.key;
    // What is typed while the save is on its way stays unsaved (and keeps the reload from replacing it).
    const editsAtSave = editsRef.current;
    // Where the office was (a field by Ctrl+S, or the button): given back if the answer takes it away.
    const focused = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const giveFocusBack = () => {
      if (focused?.isConnected && (document.activeElement === null || document.activeElement === document.body)) focused.focus();
    };
    savingRef.current = true;
    setSaving(true);
    const answer = (await callApi<EditItemsResult>(`${API}/${orderId}/items`, { method: "PUT", body: JSON.stringify({ ...body, idempotencyKey: key }) })) as
      | (ApiEnvelope<EditItemsResult | string[]> & { fields?: Record<string, string> })
      | null;
    savingRef.current = false;
    setSaving(false);
    if (!answer) {
      // Nothing definite came back: the same attempt keeps its key, so a retry applies at most once.
      showToast("error", t("GENERIC_ERROR"));
      return;
    }
    attempt.current = null;
    if (answer.status === "success") {
      const result = answer.data as EditItemsResult;
      version.current = result.itemsVersion;
      setConflict(null);
      setDraft((current) => withIds(current, result.ids));
      setErrors({});
      setNotices([]);
      setSavedEdits(editsAtSave);
      showToast("success", t("SAVED"));
      requestAnimationFrame(giveFocusBack);
      setTimeout(() => void reload(editsAtSave).then(giveFocusBack), RELOAD_AFTER_MS);
    } else if (answer.status === "fail") {
      const fields = answer.fields ?? {};
      const lines = Array.isArray(answer.data) ? answer.data.slice(Object.keys(fields).length) : [];
      refuse(fields, lines);
    } else if (answer.code === "CONFLICT") {
      const meta = (answer as { meta?: { message?: string; itemsVersion?: number } }).meta;
      setConflict({ message: meta?.message ?? t("API_ERROR_CONFLICT"), itemsVersion: meta?.itemsVersion ?? version.current });
      showToast("warning", t("fenceItem.editor.conflictToast"));
    } else {
      const known = props.texts[`API_ERROR_${answer.code}`];
      showToast("error", known ?? t("GENERIC_ERROR"));
    }
  };

  /** After a refused save: the stored tab replaces the form (the office chose to drop its edits). */
  const reloadDiscarding = async () => {
    const answer = await callApi<ItemsTab>(`${API}/${orderId}/items`);
    if (answer?.status !== "success" || !answer.data) return showToast("error", t("GENERIC_ERROR"));
    const tab = answer.data;
    const fresh = draftOf(tab, DEFAULT_DISCOUNT_DESCRIPTION);
    version.current = tab.itemsVersion;
    attempt.current = null;
    setDraft(fresh);
    setStored(storedCategoriesOf(tab));
    setErrors({});
    setNotices([]);
    setConflict(null);
    setSavedEdits(editsRef.current);
    setReloads((count) => count + 1);
    setOpen(fresh.items[0]?.key ?? null);
    document.getElementById(`fi-save-${orderId}`)?.focus();
  };
  const saveRef = useRef(save);
  saveRef.current = save;

  /** Marks the fields, lists every message and opens the first item with one; nothing typed is lost. */
  const refuse = (fields: Record<string, string>, lines: string[]) => {
    setErrors(fields);
    setNotices(lines);
    focusSummary.current = true;
    showToast("warning", t("FORM_NOT_VALID"));
    const first = Object.keys(fields).map(placeOf).find((place) => place?.list === "items");
    if (first) setOpen(draft.items[first.index]?.key ?? open);
  };

  // A refused save: the summary takes the focus (once, when it is shown), so keyboard and screen reader users land on what to fix.
  useEffect(() => {
    if (!focusSummary.current || !errorSummary.current) return;
    focusSummary.current = false;
    errorSummary.current.focus();
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s") {
        event.preventDefault();
        void saveRef.current();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  const dirty = edits !== savedEdits;
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  // ---- deletes ------------------------------------------------------------------------------------
  /** A saved row is deleted at once (after a confirmation); a new one just leaves the form. */
  const remove = async (id: number | null, path: string, question: string, done: () => void) => {
    if (id === null) return done();
    if (!(await confirmThen(question))) return;
    const answer = await callApi<{ itemsVersion: number }>(`${API}/${path}/${id}`, { method: "DELETE" });
    if (answer?.status === "success") {
      // Our delete moved the version by one: the form still holds everything else it is based on.
      // A version further on means someone else saved meanwhile, which the next save must hear.
      if (answer.data?.itemsVersion === version.current + 1) version.current = answer.data.itemsVersion;
      done();
      showToast("success", t("DELETED"));
    } else if (answer?.status === "fail" && Array.isArray(answer.data)) showToast("fail", (answer.data as string[]).join(" "));
    else showToast("error", (answer?.code && props.texts[`API_ERROR_${answer.code}`]) || t("GENERIC_ERROR"));
  };
  const dropItem = (key: string) => {
    const index = draft.items.findIndex((item) => item.key === key);
    change((current) => ({ ...current, items: current.items.filter((item) => item.key !== key) }));
    setErrors({});
    setOpen(draft.items[index + 1]?.key ?? draft.items[index - 1]?.key ?? null);
  };

  // ---- items --------------------------------------------------------------------------------------
  const addItem = () => {
    const item = emptyItem(newKey());
    change((current) => ({ ...current, items: [...current.items, item] }));
    openAndFocus(item.key);
  };
  const copyItem = (source: ItemDraft) => {
    const copy: ItemDraft = { ...source, key: newKey(), id: null, manufactured: null, v: { ...source.v }, subs: source.subs.map((sub) => ({ ...sub, key: newKey(), id: null })) };
    change((current) => {
      const items = [...current.items];
      items.splice(items.findIndex((item) => item.key === source.key) + 1, 0, copy);
      return { ...current, items };
    });
    openAndFocus(copy.key);
  };
  const pickItemProduct = async (key: string, hit: ProductHit, path: string) => {
    changeItem(key, (item) => ({ ...item, product: { id: hit.id, name: hit.name }, parameters: item.product?.id === hit.id ? item.parameters : [] }), path);
    const info = await loadProduct(hit.id);
    if (info?.m2Price != null) changeItem(key, (item) => (item.v.m2price === "" && item.product?.id === hit.id ? { ...item, v: { ...item.v, m2price: formatNumber(info.m2Price!) } } : item));
  };
  const pickSubProduct = async (itemKey: string, subKey: string, hit: ProductHit) => {
    const setSub = (patch: (sub: SubDraft) => Partial<SubDraft>) =>
      changeItem(itemKey, (item) => ({ ...item, subs: item.subs.map((sub) => (sub.key === subKey ? { ...sub, ...patch(sub) } : sub)) }));
    setSub(() => ({ product: { id: hit.id, name: hit.name } }));
    const info = await loadProduct(hit.id);
    if (info?.unitPrice != null) setSub((sub) => (sub.unitPrice === "" ? { unitPrice: formatNumber(info.unitPrice!) } : {}));
  };

  const spacerItemIndex = spacerFor ? draft.items.findIndex((item) => item.key === spacerFor.key) : -1;
  const spacerItem = spacerItemIndex >= 0 ? draft.items[spacerItemIndex]! : null;

  // ---- lines --------------------------------------------------------------------------------------
  const changeLine = (list: LineList, key: string, patch: Partial<LineDraft>, clear?: string) =>
    change((current) => ({ ...current, [list]: current[list].map((line) => (line.key === key ? { ...line, ...patch } : line)) }), clear);
  const addLine = (list: LineList, line?: Partial<LineDraft>) =>
    change((current) => ({
      ...current,
      [list]: [...current[list], { key: newKey(), id: null, product: null, attention: false, amount: "1", unitPrice: "", invoiceName: "", url: "", storable: false, ...line }],
    }));
  const pickLineProduct = async (list: LineList, key: string, hit: ProductHit, path: string) => {
    const attention = hit.systemRole === "ATTENTION" || hit.id === choices.attentionProductId;
    changeLine(list, key, { product: { id: hit.id, name: hit.name }, attention }, path);
    if (hit.id === VIRTUAL_CUSTOM_PRODUCT_ID) return;
    const info = await loadProduct(hit.id);
    if (info?.unitPrice != null) change((current) => ({ ...current, [list]: current[list].map((line) => (line.key === key && line.unitPrice === "" ? { ...line, unitPrice: formatNumber(info.unitPrice!) } : line)) }));
  };
  const useSuggestion = (suggestion: (typeof suggestions)[number]) => {
    const existing = draft.assemblyItems.find((line) => line.product?.id === suggestion.product.id);
    const values = { amount: formatNumber(suggestion.amount, 3), unitPrice: suggestion.unitPrice === null ? "" : formatNumber(suggestion.unitPrice) };
    if (existing) changeLine("assemblyItems", existing.key, values);
    else addLine("assemblyItems", { product: { id: suggestion.product.id, name: suggestion.product.name }, ...values });
  };

  const virtualCustom: ProductHit = { id: VIRTUAL_CUSTOM_PRODUCT_ID, name: t("product.virtualCustom") };
  const linesTable = (list: LineList) => (
    <section className="fi-panel" data-list={list}>
      <h2>{t(`fenceItem.editor.${list}`)}</h2>
      {list === "assemblyItems" ? (
        <div className="fi-suggested">
          <strong>{t("fenceItem.editor.suggested")}</strong>
          {suggestions.length ? (
            <ul>
              {suggestions.map((suggestion) => (
                <li key={`${suggestion.product.id}-${suggestion.unitPrice}`} data-suggested={suggestion.product.id}>
                  {t("fenceItem.editor.suggestedLine", {
                    product: suggestion.product.name,
                    amount: formatNumber(suggestion.amount, 3),
                    price: suggestion.unitPrice === null ? t("fenceItem.editor.noPrice") : formatMoney(suggestion.unitPrice, props.lang),
                  })}{" "}
                  {suggestion.unitPrice === null ? (
                    // Decision 019: the fence item product's "Cena montáže", else the assembly product's own price.
                    <span className="field-hint" data-no-price>
                      {t("fenceItem.editor.noPriceWhere", { product: suggestion.product.name })}{" "}
                      <a href={`/products/${suggestion.product.id}`} target="_blank" rel="noopener">
                        {t("fenceItem.editor.openProduct", { product: suggestion.product.name })}
                      </a>
                    </span>
                  ) : null}{" "}
                  <button type="button" className="link-button" onClick={() => useSuggestion(suggestion)}>
                    {t("fenceItem.editor.useSuggested")}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="field-hint">{t("fenceItem.editor.noSuggestion")}</p>
          )}
        </div>
      ) : null}
      {draft[list].length ? (
        <table className="fi-lines">
          <thead>
            <tr>
              <th>{t("fenceItem.field.product")}</th>
              <th>{t("fenceItem.field.amount")}</th>
              <th>{t("fenceItem.field.unitPrice")}</th>
              <th className="align-end">{t("fenceItem.field.totalPrice")}</th>
              <th>{t("fenceItem.field.invoiceName")}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {draft[list].map((line, index) => {
              const path = `${list}[${index}]`;
              const custom = line.product?.id === VIRTUAL_CUSTOM_PRODUCT_ID;
              const cell = (field: "amount" | "unitPrice" | "invoiceName", missing: boolean) => (
                <LineInput
                  name={`${path}.${field}`}
                  label={t(`fenceItem.field.${field}`)}
                  value={line[field]}
                  error={errors[`${path}.${field}`]}
                  missing={missing}
                  decimal={field !== "invoiceName"}
                  onChange={(value) => changeLine(list, line.key, { [field]: value }, `${path}.${field}`)}
                />
              );
              return (
                <tr key={line.key} data-line-key={line.key} data-line-id={line.id ?? ""} className={line.attention ? "fi-attention" : undefined} title={line.attention ? t("fenceItem.editor.attention") : undefined}>
                  <td className={!line.product || errors[`${path}.product`] ? "field-missing" : undefined}>
                    <ProductPicker id={`${line.key}-product`} name={`${path}.product`} value={line.product} extra={list === "otherItems" ? [virtualCustom] : undefined} onPick={(hit) => void pickLineProduct(list, line.key, hit, `${path}.product`)} placeholder={t("fenceItem.editor.productSearch")} noMatch={t("fenceItem.editor.noProducts")} />
                    {errors[`${path}.product`] ? <span className="field-error">{errors[`${path}.product`]}</span> : null}
                    {custom ? (
                      <div className="fi-custom">
                        <input type="text" name={`${path}.url`} aria-label={t("fenceItem.editor.url")} placeholder={t("fenceItem.editor.url")} value={line.url} onChange={(event) => changeLine(list, line.key, { url: event.target.value }, `${path}.url`)} />
                        <label>
                          <input type="checkbox" name={`${path}.storable`} checked={line.storable} onChange={(event) => changeLine(list, line.key, { storable: event.target.checked })} /> {t("fenceItem.editor.storable")}
                        </label>
                        {errors[`${path}.url`] ? <span className="field-error">{errors[`${path}.url`]}</span> : null}
                      </div>
                    ) : null}
                  </td>
                  {cell("amount", !line.amount.trim())}
                  {cell("unitPrice", !line.unitPrice.trim())}
                  <LineTotal amount={line.amount} unitPrice={line.unitPrice} lang={props.lang} />
                  {cell("invoiceName", custom && !line.invoiceName.trim())}
                  <RemoveLine
                    label={t("fenceItem.editor.removeLine")}
                    onClick={() =>
                      void remove(line.id, "otherItem", t("fenceItem.editor.confirmLine", { name: line.product?.name ?? "" }), () =>
                        change((current) => ({ ...current, [list]: current[list].filter((row) => row.key !== line.key) })),
                      )
                    }
                  />
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      <button type="button" className="button" onClick={() => addLine(list)}>
        {t("fenceItem.editor.addLine")}
      </button>
    </section>
  );

  // ---- offer and summary --------------------------------------------------------------------------
  const offerField = (name: keyof OfferDraft, extra: { inputMode?: "decimal"; placeholder?: string; textarea?: boolean; hint?: string } = {}) => {
    const id = `fi-offer-${name}`;
    const onChange = (value: string) => change((current) => ({ ...current, offer: { ...current.offer, [name]: value } }), name);
    const described = errors[name] || extra.hint ? `${id}-msg` : undefined;
    return (
      <FieldBox id={id} name={name} label={t(`fenceItem.editor.${name}`)} error={errors[name]} hint={extra.hint}>
        {extra.textarea ? (
          <textarea id={id} name={name} rows={3} value={draft.offer[name]} aria-describedby={described} onChange={(event) => onChange(event.target.value)} />
        ) : (
          <input type="text" id={id} name={name} inputMode={extra.inputMode} placeholder={extra.placeholder} autoComplete="off" aria-describedby={described} value={draft.offer[name]} onChange={(event) => onChange(event.target.value)} />
        )}
      </FieldBox>
    );
  };
  const money = (halere: number | null) => (halere === null ? "–" : formatMoney(halereToKc(halere), props.lang));
  const { summary } = totals;

  const errorLines = Object.entries(errors).map(([path, message]) => ({ path, text: errorText(path, message) }));
  function errorText(path: string, message: string): string {
    const place = placeOf(path);
    const fieldLabel = (field: string) => (field === "parameters" ? t("fenceItem.editor.sectionCreation") : (props.texts[`fenceItem.field.${field}`] ?? props.texts[`fenceItem.editor.${field}`] ?? field));
    if (!place) return t("field.field", { field: props.texts[`fenceItem.editor.${path}`] ?? path, message });
    if (place.list !== "items") return t("fenceItem.editor.errorLine", { list: t(`fenceItem.editor.${place.list}`), line: place.index + 1, field: fieldLabel(place.field), message });
    if (place.sub !== null) return t("fenceItem.editor.errorSubProduct", { position: place.index + 1, line: place.sub + 1, field: fieldLabel(place.field), message });
    return t("fenceItem.editor.errorItem", { position: place.index + 1, field: fieldLabel(place.field), message });
  }

  return (
    <div ref={root} className="fence-items" data-order-id={orderId} data-reloads={reloads} data-dirty={dirty} data-saving={saving}>
      <div className="fi-toolbar">
        <button type="button" id={`fi-save-${orderId}`} className="button button-primary" onClick={() => void save()} aria-disabled={saving} aria-keyshortcuts="Control+S" title={t("fenceItem.editor.shortcut")}>
          {saving ? t("fenceItem.editor.saving") : t("fenceItem.editor.save")}
        </button>
        <span className="fi-status" role="status">
          {dirty ? t("fenceItem.editor.unsaved") : ""}
        </span>
        <span className="fi-spring" />
        <a href={`/orders/fenceOrder/manufacture/${orderId}`}>{t("fenceItem.editor.manufacture")}</a>
      </div>
      {conflict ? (
        <div className="alert alert-warning fi-conflict" role="alert" data-conflict>
          <strong>{conflict.message}</strong>
          <p>{t("fenceItem.editor.conflictKeep")}</p>
          <button type="button" className="button" onClick={() => void reloadDiscarding()}>
            {t("fenceItem.editor.reloadDiscard")}
          </button>{" "}
          <button
            type="button"
            className="button"
            onClick={() => {
              // A deliberate choice: the form is now based on the version that refused it.
              version.current = conflict.itemsVersion;
              void save();
            }}
          >
            {t("fenceItem.editor.overwrite")}
          </button>
        </div>
      ) : null}
      {errorLines.length || notices.length ? (
        <div ref={errorSummary} className="alert alert-error fi-errors" role="alert" tabIndex={-1} aria-labelledby={`fi-errors-${orderId}`}>
          <strong id={`fi-errors-${orderId}`}>{t("fenceItem.editor.errors")}</strong>
          <ul>
            {errorLines.map((line) => (
              <li key={line.path}>
                <a
                  href={`#${line.path}`}
                  data-field-link={line.path}
                  onClick={(event) => {
                    event.preventDefault();
                    focusField(line.path);
                  }}
                >
                  {line.text}
                </a>
              </li>
            ))}
            {notices.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <section className="fi-panel" data-list="items">
        <h2>{t("fenceItem.editor.items")}</h2>
        {draft.items.length ? null : <p className="field-hint">{t("fenceItem.editor.noItems")}</p>}
        {draft.items.map((item, index) => (
          <ItemPanel
            key={item.key}
            lang={props.lang}
            item={item}
            index={index}
            count={draft.items.length}
            open={open === item.key}
            computed={computed[index]!}
            product={item.product ? products[item.product.id] : undefined}
            choices={choices}
            errors={errors}
            storedCategories={(item.id !== null && stored.get(item.id)) || EMPTY}
            t={t}
            onToggle={() => setOpen(open === item.key ? null : item.key)}
            onStep={(by) => openAndFocus(draft.items[index + by]?.key ?? open)}
            onField={(name, value) => changeItem(item.key, (current) => ({ ...current, v: { ...current.v, [name]: value } }), `items[${index}].${name}`)}
            onProduct={(hit) => void pickItemProduct(item.key, hit, `items[${index}].product`)}
            onParameter={(id, value) =>
              changeItem(
                item.key,
                (current) => ({ ...current, parameters: [...current.parameters.filter((entry) => entry.id !== id), { id, value }].sort((a, b) => a.id - b.id) }),
                `items[${index}].parameters`,
              )
            }
            onSub={(key, patch) => changeItem(item.key, (current) => ({ ...current, subs: current.subs.map((sub) => (sub.key === key ? { ...sub, ...patch } : sub)) }))}
            onSubProduct={(key, hit) => void pickSubProduct(item.key, key, hit)}
            onAddSub={() =>
              changeItem(item.key, (current) => ({ ...current, subs: [...current.subs, { key: newKey(), id: null, category: null, product: null, amount: "1", unitPrice: "", invoiceName: "", itemType: null }] }))
            }
            onRemoveSub={(sub) =>
              void remove(sub.id, "subProduct", t("fenceItem.editor.confirmLine", { name: sub.product?.name ?? "" }), () =>
                changeItem(item.key, (current) => ({ ...current, subs: current.subs.filter((row) => row.key !== sub.key) })),
              )
            }
            onSpacer={(part) => setSpacerFor({ key: item.key, part })}
            onCopy={() => copyItem(item)}
            onRemove={() => void remove(item.id, "item", t("fenceItem.editor.confirmItem", { position: index + 1 }), () => dropItem(item.key))}
          />
        ))}
        <button type="button" className="button" onClick={addItem}>
          {t("fenceItem.editor.add")}
        </button>
      </section>

      {linesTable("otherItems")}
      {linesTable("assemblyItems")}

      <div className="fi-bottom">
        <section className="fi-panel fi-offer">
          <h2>{t("fenceItem.editor.offer")}</h2>
          <div className="fi-grid">
            <FieldBox id="fi-offer-shippingType" name="shippingType" label={t("fenceItem.editor.shippingType")} error={errors.shippingType}>
              <select
                id="fi-offer-shippingType"
                name="shippingType"
                value={draft.offer.shippingType}
                onChange={(event) => {
                  const value = event.target.value;
                  change((current) => ({ ...current, offer: { ...current.offer, shippingType: value } }), "shippingType");
                }}
              >
                <option value="">{t("fenceItem.editor.noShipping")}</option>
                {choices.shippingTypes.map((type) => (
                  <option key={type.id} value={type.id}>
                    {type.name}
                  </option>
                ))}
              </select>
            </FieldBox>
            {offerField("shippingDistance", { inputMode: "decimal" })}
            {/* An empty unit price takes the type's (decision 019): said as text, not as a grey placeholder that looks like an empty field. */}
            {offerField("shippingUnitPrice", {
              inputMode: "decimal",
              hint: shippingType && !draft.offer.shippingUnitPrice.trim() ? t("fenceItem.editor.shippingUnitPriceFromType", { price: formatMoney(shippingType.price, props.lang) }) : undefined,
            })}
            <FieldBox id="fi-offer-shippingPrice" name="shippingPrice" label={t("fenceItem.editor.shippingPrice")}>
              <output id="fi-offer-shippingPrice" className="fi-readonly" data-value="shippingPrice">
                {money(totals.shippingPriceHalere)}
              </output>
            </FieldBox>
            {offerField("discountDescription", { placeholder: DEFAULT_DISCOUNT_DESCRIPTION })}
            {offerField("discountAmount", { inputMode: "decimal" })}
            {offerField("measurementDate", { placeholder: t("form.datePlaceholder") })}
          </div>
          {offerField("note", { textarea: true })}
        </section>
        <section className="fi-panel fi-summary" aria-live="polite">
          <h2>{t("fenceItem.editor.summary")}</h2>
          <dl>
            <div data-summary="priceWithoutVat">
              <dt>{t("fenceItem.editor.priceWithoutVat")}</dt>
              <dd>{money(summary.priceWithoutVatHalere)}</dd>
            </div>
            <div data-summary="vatRate">
              <dt>{t("fenceItem.editor.vatRate")}</dt>
              <dd>{`${formatNumber(summary.vatRate)} %`}</dd>
            </div>
            <div data-summary="vat">
              <dt>{t("fenceItem.editor.vat")}</dt>
              <dd>{money(summary.vatHalere)}</dd>
            </div>
            <div data-summary="total" className="fi-total">
              <dt>{t("fenceItem.editor.total")}</dt>
              <dd>{money(summary.totalHalere)}</dd>
            </div>
          </dl>
        </section>
      </div>

      {spacerItem ? (
        <Suspense fallback={null}>
          <SpacerCalculatorDialog
            open
            texts={props.spacerTexts}
            title={t("fenceItem.editor.spacerTitle", { item: t("fenceItem.editor.item", { position: spacerItemIndex + 1 }) })}
            initial={spacerCalculatorInputFor(engineFields(spacerItem), computed[spacerItemIndex]!, parametersOf(spacerItem), spacerFor!.part)}
            onApply={({ spacerHeight, slatCount }) => {
              if (!spacerFor) return;
              const alt = spacerFor.part === "alt";
              changeItem(spacerFor.key, (item) => ({
                ...item,
                v: { ...item.v, [alt ? "spacerHeightAlt" : "spacerHeight"]: formatNumber(spacerHeight), [alt ? "actualSlatCountAlt" : "actualSlatCount"]: String(slatCount) },
              }));
            }}
            onClose={() => setSpacerFor(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

const EMPTY: ReadonlySet<number> = new Set();

function storedCategoriesOf(tab: ItemsTab): Map<number, Set<number>> {
  return new Map(tab.items.map((item) => [item.id, new Set(item.subProducts.flatMap((line) => (line.productCategory ? [line.productCategory.id] : [])))]));
}
