/**
 * The order's items tab (docs/domain.md#items-tab): fence items one at a
 * time with their drawing, other and assembly items, shipping, discount, note, measurement date
 * and the summary, every number computed live by the fence engine the server also runs. One save
 * (`PUT /api/orders/fenceOrder/:id/items`, Ctrl+S or the button) sends the whole tab; the list
 * reloads a second later with the real ids. Deleting a saved row deletes it at once, after a
 * confirmation. Each save sends the tab's version it holds; when someone else saved meanwhile
 * (409 CONFLICT, docs/decisions/034-items-tab-version.md) the edits stay in the form, unsaved, and
 * the tab says who saved and when, offering to reload what is stored instead.
 *
 * This component holds the form's state, the save and the focus; each panel is a file of its own:
 * the save bar (fence-items-toolbar.tsx), the conflict (fence-items-conflict.tsx), the refused
 * save's summary (fence-items-error-summary.tsx), the fence items (fence-items-list.tsx, one item:
 * fence-item-panel.tsx), the other and assembly items (fence-items-lines.tsx), the offer's terms
 * (fence-items-offer.tsx), the sums (fence-items-summary.tsx) and the spacer calculator
 * (fence-items-spacer.tsx).
 */
import { useEffect, useMemo, useRef, useState } from "react";
import type { Lang } from "@/lib/lang";
import { flattenTree, type TreeNode } from "@/modules/catalogue/category/tree";
import type { Message } from "@/lib/errors";
import { assemblyCounts, computeFenceItem, computeOrderTotals, DEFAULT_DISCOUNT_DESCRIPTION, parameterOrDefault } from "@/modules/orders/fence-item/engine";
import type { EditItemsResult, ItemProductChoice, ItemsTab, ItemsTabChoices } from "@/modules/orders/fence-item/schemas";
import { type ApiEnvelope, callApi } from "../api";
import type { SpacerCalculatorTexts } from "../manufacture/spacer-texts";
import { confirmThen, showToast } from "../toast";
import { textsT } from "./fence-drawing";
import type { EditorActions } from "./fence-items-actions";
import { ItemsConflict } from "./fence-items-conflict";
import { ItemsErrorSummary } from "./fence-items-error-summary";
import { ItemsLines } from "./fence-items-lines";
import { ItemsList } from "./fence-items-list";
import { type Draft, draftOf, type EditorItemsTab, engineFields, keepKeys, type ItemDraft, type LineDraft, newKey, parseNum, payloadOf, placeOf, problemsOf, schemaProblemsOf, type SubDraft, withIds } from "./fence-items-model";
import { ItemsOffer } from "./fence-items-offer";
import { ItemSpacer } from "./fence-items-spacer";
import { ItemsSummary } from "./fence-items-summary";
import { ItemsToolbar } from "./fence-items-toolbar";

export interface FenceItemsEditorProps {
  orderId: number;
  /** `GET /api/orders/fenceOrder/:id/items`, read with the page, as the form reads it (`editorItemsTabOf`). */
  tab: EditorItemsTab;
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
/** docs/domain.md#item-ids: the list reloads 1 s after a save. */
const RELOAD_AFTER_MS = 1000;

const num = (text: string) => parseNum(text) ?? null;

/**
 * The page gives only the categories the order's lines name (its selects show them at once); the
 * whole list comes from the category tree's API after hydration, kept by the browser by its ETag.
 */
function useWholeCategoryList(given: ItemsTabChoices): ItemsTabChoices {
  const [categories, setCategories] = useState(given.categories);
  const url = given.categoryTreeUrl;
  useEffect(() => {
    if (!url) return;
    let current = true;
    void callApi<TreeNode[]>(url).then((answer) => {
      if (current && answer?.status === "success" && answer.data) setCategories(flattenTree(answer.data));
    });
    return () => {
      current = false;
    };
  }, [url]);
  return useMemo(() => ({ ...given, categories }), [given, categories]);
}

export default function FenceItemsEditor(props: FenceItemsEditorProps) {
  const t = useMemo(() => textsT(props.texts), [props.texts]);
  const { orderId } = props;
  const choices = useWholeCategoryList(props.choices);
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
    const problems = problemsOf(draft, await schemaProblemsOf(body), computed);
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

  const actions: EditorActions = { change, loadProduct, remove };
  const spacerItemIndex = spacerFor ? draft.items.findIndex((item) => item.key === spacerFor.key) : -1;
  const spacerItem = spacerItemIndex >= 0 ? draft.items[spacerItemIndex]! : null;
  const linesProps = { errors, attentionProductId: choices.attentionProductId, attentionProductName: choices.attentionProductName ?? null, t, lang: props.lang, ...actions };

  return (
    <div ref={root} className="fence-items" data-order-id={orderId} data-reloads={reloads} data-dirty={dirty} data-saving={saving}>
      <ItemsToolbar orderId={orderId} saving={saving} dirty={dirty} onSave={() => void save()} t={t} />
      {conflict ? (
        <ItemsConflict
          message={conflict.message}
          onReload={() => void reloadDiscarding()}
          onOverwrite={() => {
            // A deliberate choice: the form is now based on the version that refused it.
            version.current = conflict.itemsVersion;
            void save();
          }}
          t={t}
        />
      ) : null}
      <ItemsErrorSummary ref={errorSummary} orderId={orderId} errors={errors} notices={notices} texts={props.texts} t={t} onField={focusField} />

      <ItemsList
        items={draft.items}
        computed={computed}
        products={products}
        choices={choices}
        errors={errors}
        stored={stored}
        open={open}
        setOpen={setOpen}
        changeItem={changeItem}
        clearErrors={() => setErrors({})}
        onSpacer={(key, part) => setSpacerFor({ key, part })}
        t={t}
        lang={props.lang}
        {...actions}
      />

      <ItemsLines list="otherItems" lines={draft.otherItems} categories={choices.editorCategories?.other ?? []} {...linesProps} />
      <ItemsLines list="assemblyItems" lines={draft.assemblyItems} suggestions={suggestions} categories={choices.editorCategories?.assembly ?? []} {...linesProps} />

      <div className="fi-bottom">
        <ItemsOffer
          offer={draft.offer}
          errors={errors}
          shippingTypes={choices.shippingTypes}
          shippingType={shippingType}
          shippingPriceHalere={totals.shippingPriceHalere}
          t={t}
          lang={props.lang}
          onChange={(name, value) => change((current) => ({ ...current, offer: { ...current.offer, [name]: value } }), name)}
        />
        <ItemsSummary summary={totals.summary} t={t} lang={props.lang} />
      </div>

      {spacerItem ? (
        <ItemSpacer
          item={spacerItem}
          index={spacerItemIndex}
          computed={computed[spacerItemIndex]!}
          parameters={parametersOf(spacerItem)}
          part={spacerFor!.part}
          texts={props.spacerTexts}
          t={t}
          onItem={(update) => changeItem(spacerFor!.key, update)}
          onClose={() => setSpacerFor(null)}
        />
      ) : null}
    </div>
  );
}

function storedCategoriesOf(tab: EditorItemsTab): Map<number, Set<number>> {
  return new Map(tab.items.map((item) => [item.id, new Set(item.subProducts.flatMap((line) => (line.productCategory ? [line.productCategory.id] : [])))]));
}
