/**
 * The fence items, one open at a time (fence-item-panel.tsx), and what is done to them: add, copy,
 * remove, step to the previous or next, pick the product (an empty m² price takes the product's),
 * the creation parameters and the sub-products. An item opened by adding, copying or stepping takes
 * the focus on its first field, so typing goes on there.
 */
import { useEffect, useRef } from "react";
import type { Lang } from "@/lib/lang";
import type { FenceItemComputation } from "@/modules/orders/fence-item/engine";
import type { ItemProductChoice, ItemsTabChoices } from "@/modules/orders/fence-item/schemas";
import type { FenceDrawingT } from "./fence-drawing";
import { ItemPanel } from "./fence-item-panel";
import type { EditorActions } from "./fence-items-actions";
import { formatNumber } from "./fence-items-fields";
import { emptyItem, type ItemDraft, newKey, type SubDraft } from "./fence-items-model";
import type { ProductHit } from "./product-picker";

export interface ItemsListProps extends EditorActions {
  items: ItemDraft[];
  /** The engine's numbers of each item, in the same order. */
  computed: FenceItemComputation[];
  products: Record<number, ItemProductChoice>;
  choices: ItemsTabChoices;
  errors: Record<string, string>;
  /** Stored sub-product categories per item id (the server refuses removing the last line of one). */
  stored: Map<number, Set<number>>;
  /** The key of the open item. */
  open: string | null;
  setOpen: (key: string | null) => void;
  /** Changes one item (an edit of the form, as `change`). */
  changeItem: (key: string, update: (item: ItemDraft) => ItemDraft, clear?: string) => void;
  clearErrors: () => void;
  onSpacer: (key: string, part: "main" | "alt") => void;
  t: FenceDrawingT;
  lang: Lang;
}

const EMPTY: ReadonlySet<number> = new Set();

export function ItemsList(props: ItemsListProps) {
  const { items, open, setOpen, change, changeItem, loadProduct, remove, t } = props;
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

  const addItem = () => {
    const item = emptyItem(newKey());
    change((current) => ({ ...current, items: [...current.items, item] }));
    openAndFocus(item.key);
  };
  const copyItem = (source: ItemDraft) => {
    const copy: ItemDraft = { ...source, key: newKey(), id: null, manufactured: null, v: { ...source.v }, subs: source.subs.map((sub) => ({ ...sub, key: newKey(), id: null })) };
    change((current) => {
      const list = [...current.items];
      list.splice(list.findIndex((item) => item.key === source.key) + 1, 0, copy);
      return { ...current, items: list };
    });
    openAndFocus(copy.key);
  };
  const dropItem = (key: string) => {
    const index = items.findIndex((item) => item.key === key);
    change((current) => ({ ...current, items: current.items.filter((item) => item.key !== key) }));
    props.clearErrors();
    setOpen(items[index + 1]?.key ?? items[index - 1]?.key ?? null);
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

  return (
    <section className="fi-panel" data-list="items">
      <h2>{t("fenceItem.editor.items")}</h2>
      {items.length ? null : <p className="field-hint">{t("fenceItem.editor.noItems")}</p>}
      {items.map((item, index) => (
        <ItemPanel
          key={item.key}
          lang={props.lang}
          item={item}
          index={index}
          count={items.length}
          open={open === item.key}
          computed={props.computed[index]!}
          product={item.product ? props.products[item.product.id] : undefined}
          choices={props.choices}
          errors={props.errors}
          storedCategories={(item.id !== null && props.stored.get(item.id)) || EMPTY}
          t={t}
          onToggle={() => setOpen(open === item.key ? null : item.key)}
          onStep={(by) => openAndFocus(items[index + by]?.key ?? open)}
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
          onSpacer={(part) => props.onSpacer(item.key, part)}
          onCopy={() => copyItem(item)}
          onRemove={() => void remove(item.id, "item", t("fenceItem.editor.confirmItem", { position: index + 1 }), () => dropItem(item.key))}
        />
      ))}
      <button type="button" className="button" onClick={addItem}>
        {t("fenceItem.editor.add")}
      </button>
    </section>
  );
}
