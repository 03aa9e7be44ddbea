/**
 * The basket tables (docs/domain.md#baskets), one island for every basket: the common
 * basket's lines and a warehouse basket's lines (editable quantity, remove) and the read-only
 * previews of the source warehouse baskets. Built with @tanstack/react-table (v9: `useTable` over
 * the core features; the markup is ours).
 *
 * Without JavaScript every quantity cell and remove button is a small form posting to the page
 * routes (src/modules/baskets/pages.tsx), which redirect back with a toast. Hydrated, the island
 * takes those submits over:
 * - the quantity saves on Enter or when the field loses focus (only a changed value), through
 *   PATCH /api/basket/items/:id; Escape puts the stored value back; a refusal shows its translated
 *   message as a toast and marks the field, which keeps what was typed;
 * - remove calls DELETE /api/basket/items/:id, and the row leaves the table only on success
 *   (docs/domain.md#basket); focus moves to the next row's remove button (or the table).
 * Texts come translated from the server, as for every island.
 */
import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { createContext, type FormEvent, type KeyboardEvent, useContext, useEffect, useMemo, useRef, useState } from "react";
import { BASKET_LINE_EVENT, type BasketLineEvent, basketItemApi, basketItemQuantityAction, basketItemRemoveAction } from "@/modules/baskets/page-schemas";
import type { Lang } from "@/lib/lang";
import { formatDecimal } from "@/lib/money";
import { AMOUNT_DECIMALS, type BasketItem } from "@/modules/baskets/schemas";
import { type ApiEnvelope, callApi } from "../api";
import { showToast } from "../toast";

export interface BasketTableTexts {
  /** The page's language, for its numbers (decision 046). */
  lang: Lang;
  caption: string;
  id: string;
  product: string;
  /** Under the product header (the previews: "will be consumed during production"). */
  productNote?: string;
  quantity: string;
  actions: string;
  empty: string;
  /** `{{name}}` stands for the product's name. */
  quantityOf: string;
  removeOf: string;
  saved: string;
  removed: string;
  /** The line is no longer in the basket (removed elsewhere). */
  gone: string;
  genericError: string;
}

export interface BasketTableProps {
  /** The <table>'s id (one page may show several baskets). */
  tableId: string;
  rows: BasketItem[];
  /** Quantity edit and remove; off for the previews. */
  editable: boolean;
  texts: BasketTableTexts;
}

/** What a line's quantity field holds while the user edits it, and what became of the last save. */
interface Draft {
  text: string;
  state: "editing" | "saving" | "invalid";
}

type LineState = "saved" | "invalid" | "saving" | undefined;

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, BasketItem>();

/** 1234.5 → "1 234,5" / "1,234.5": what a person reads in a read-only cell. */
const shownQuantity = (value: number, lang: Lang) => formatDecimal(value, lang, AMOUNT_DECIMALS);
/** 1234.5 → "1234,5" / "1234.5": what the field holds, so it reads back as typed (no grouping). */
const typedQuantity = (value: number, lang: Lang) => (lang === "en" ? String(value) : String(value).replace(".", ","));
/** The number a typed quantity stands for, or NaN; the server decides what is allowed. */
const typedNumber = (text: string) => {
  const clean = text.replace(/[\s\u00a0]/g, "").replace(",", ".");
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(clean) ? Number(clean) : Number.NaN;
};
const fill = (template: string, name: string) => template.replaceAll("{{name}}", name);

function changedEvent() {
  // The layout's baskets column counts lines: public/app.js refreshes it on this event.
  window.dispatchEvent(new CustomEvent("ohrada:baskets-changed"));
}

/** What the cells need from the table's state: the columns stay the same objects between renders. */
interface LineActions {
  texts: BasketTableTexts;
  drafts: Record<number, Draft>;
  lineStates: Record<number, LineState>;
  removing: ReadonlySet<number>;
  edit: (row: BasketItem, text: string) => void;
  save: (row: BasketItem) => void;
  revert: (row: BasketItem) => void;
  remove: (row: BasketItem) => void;
}

const LineContext = createContext<LineActions | null>(null);
const useLine = () => useContext(LineContext)!;

function QuantityCell({ row }: { row: BasketItem }) {
  const { texts, drafts, lineStates, edit, save, revert } = useLine();
  const draft = drafts[row.id];
  const state = lineStates[row.id];
  return (
    <form
      method="post"
      action={basketItemQuantityAction(row.id)}
      className="basket-quantity-form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        save(row);
      }}
    >
      <input
        name="quantity"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className="basket-quantity"
        aria-label={fill(texts.quantityOf, row.shopProduct.name)}
        aria-invalid={state === "invalid" ? true : undefined}
        aria-busy={state === "saving" ? true : undefined}
        data-state={state}
        value={draft?.text ?? typedQuantity(row.quantity, texts.lang)}
        onChange={(event) => edit(row, event.target.value)}
        onBlur={() => save(row)}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key !== "Escape") return;
          event.preventDefault();
          revert(row);
        }}
      />
    </form>
  );
}

function RemoveCell({ row }: { row: BasketItem }) {
  const { texts, removing, remove } = useLine();
  const label = fill(texts.removeOf, row.shopProduct.name);
  return (
    <form
      method="post"
      action={basketItemRemoveAction(row.id)}
      className="basket-remove-form"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        remove(row);
      }}
    >
      <button type="submit" className="button basket-remove" aria-label={label} title={label} disabled={removing.has(row.id)}>
        <svg className="icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="M5 5l10 10M15 5L5 15" />
        </svg>
      </button>
    </form>
  );
}

function columnsOf(editable: boolean, texts: BasketTableTexts) {
  return helper.columns([
    // The product's id, as docs/domain.md#common-basket means it and as the catalogue shows it; the line's
    // own id only addresses the line (data-item-id, the quantity and remove forms).
    helper.accessor((row) => row.shopProduct.id, { id: "productId", header: () => texts.id }),
    helper.accessor((row) => row.shopProduct.name, {
      id: "product",
      header: () => (
        <>
          {texts.product}
          {texts.productNote ? (
            <>
              {" "}
              <small className="basket-product-note">{texts.productNote}</small>
            </>
          ) : null}
        </>
      ),
    }),
    helper.accessor("quantity", {
      header: () => texts.quantity,
      cell: (info) => (editable ? <QuantityCell row={info.row.original} /> : shownQuantity(info.row.original.quantity, texts.lang)),
    }),
    ...(editable
      ? [
          helper.display({
            id: "actions",
            header: () => <span className="visually-hidden">{texts.actions}</span>,
            cell: (info) => <RemoveCell row={info.row.original} />,
          }),
        ]
      : []),
  ]);
}

const alignOf = (columnId: string) => (columnId === "quantity" ? "align-end" : columnId === "actions" ? "basket-actions" : undefined);

/**
 * The refusal's own messages: the quantity's own message when it is the quantity that was refused
 * (the list form names the field by its API name), "no longer in the basket" for a line gone, the
 * generic text otherwise.
 */
function showRefusal(answer: ApiEnvelope<unknown> | null, texts: BasketTableTexts) {
  const quantityMessage = answer?.status === "fail" ? answer.fields?.quantity : undefined;
  if (quantityMessage) showToast("warning", quantityMessage);
  else if (answer?.status === "fail" && Array.isArray(answer.data) && answer.data.length) {
    for (const message of answer.data) showToast("warning", String(message));
  } else if (answer?.status === "error" && answer.code === "NOT_FOUND") showToast("warning", texts.gone);
  else showToast("error", texts.genericError);
}

export default function BasketTable({ tableId, rows: initialRows, editable, texts }: BasketTableProps) {
  const [rows, setRows] = useState(initialRows);
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [lineStates, setLineStates] = useState<Record<number, LineState>>({});
  const [removing, setRemoving] = useState<ReadonlySet<number>>(new Set());
  const [announcement, setAnnouncement] = useState("");
  const inFlight = useRef(new Set<number>());
  const tableRef = useRef<HTMLTableElement>(null);
  const focusAfterRemove = useRef<number | "table" | null>(null);

  // The previews follow the page's data (a new selection brings new rows).
  useEffect(() => setRows(initialRows), [initialRows]);

  // The page's id field added to this basket (docs/domain.md#basket-id-field): the line grows or joins the table.
  useEffect(() => {
    const onLine = (event: Event) => {
      const { tableId: target, line } = (event as CustomEvent<BasketLineEvent>).detail;
      if (target !== tableId) return;
      setRows((current) => (current.some((row) => row.id === line.id) ? current.map((row) => (row.id === line.id ? { ...row, quantity: line.quantity } : row)) : [...current, line]));
      setAnnouncement(fill(texts.saved, line.shopProduct.name));
    };
    window.addEventListener(BASKET_LINE_EVENT, onLine);
    return () => window.removeEventListener(BASKET_LINE_EVENT, onLine);
  }, [tableId, texts.saved]);

  useEffect(() => {
    const target = focusAfterRemove.current;
    if (target === null) return;
    focusAfterRemove.current = null;
    const button = target === "table" ? null : tableRef.current?.querySelector<HTMLButtonElement>(`tr[data-item-id="${target}"] .basket-remove`);
    (button ?? tableRef.current)?.focus();
  }, [rows]);

  const setLineState = (id: number, state: LineState) => setLineStates((current) => ({ ...current, [id]: state }));
  const setDraft = (id: number, draft: Draft | undefined) =>
    setDrafts((current) => {
      const next = { ...current };
      if (draft) next[id] = draft;
      else delete next[id];
      return next;
    });

  const save = async (row: BasketItem) => {
    const draft = drafts[row.id];
    if (!draft || inFlight.current.has(row.id)) return;
    // Unchanged (also "2,0" for 2): nothing to save.
    if (typedNumber(draft.text) === row.quantity) {
      setDraft(row.id, undefined);
      setLineState(row.id, undefined);
      return;
    }
    inFlight.current.add(row.id);
    setDraft(row.id, { ...draft, state: "saving" });
    setLineState(row.id, "saving");
    const answer = await callApi<BasketItem | string[]>(basketItemApi(row.id), { method: "PATCH", body: JSON.stringify({ quantity: draft.text }) });
    inFlight.current.delete(row.id);
    if (answer?.status === "success" && answer.data && !Array.isArray(answer.data)) {
      const saved = answer.data;
      setRows((current) => current.map((line) => (line.id === saved.id ? { ...line, quantity: saved.quantity } : line)));
      // A newer edit typed while saving stays in the field.
      setDrafts((current) => {
        if (current[row.id]?.text !== draft.text) return current;
        const next = { ...current };
        delete next[row.id];
        return next;
      });
      setLineState(row.id, "saved");
      setAnnouncement(fill(texts.saved, row.shopProduct.name));
      return;
    }
    setDraft(row.id, { text: draft.text, state: "invalid" });
    setLineState(row.id, "invalid");
    showRefusal(answer, texts);
  };

  const remove = async (row: BasketItem) => {
    if (removing.has(row.id)) return;
    setRemoving((current) => new Set(current).add(row.id));
    const answer = await callApi<null>(basketItemApi(row.id), { method: "DELETE" });
    setRemoving((current) => {
      const next = new Set(current);
      next.delete(row.id);
      return next;
    });
    if (answer?.status !== "success") {
      showRefusal(answer, texts);
      return;
    }
    const index = rows.findIndex((line) => line.id === row.id);
    const next = rows[index + 1] ?? rows[index - 1];
    focusAfterRemove.current = next ? next.id : "table";
    setRows((current) => current.filter((line) => line.id !== row.id));
    setDraft(row.id, undefined);
    setAnnouncement(fill(texts.removed, row.shopProduct.name));
    changedEvent();
  };

  const actions: LineActions = {
    texts,
    drafts,
    lineStates,
    removing,
    edit: (row, text) => {
      setDraft(row.id, { text, state: "editing" });
      if (lineStates[row.id]) setLineState(row.id, undefined);
    },
    save: (row) => void save(row),
    revert: (row) => {
      setDraft(row.id, undefined);
      setLineState(row.id, undefined);
    },
    remove: (row) => void remove(row),
  };

  const columns = useMemo(() => columnsOf(editable, texts), [editable, texts]);
  const table = useTable({ features, columns, data: rows, getRowId: (row) => String(row.id) });

  return (
    <LineContext.Provider value={actions}>
      <div className="data-table basket-table">
        <div className="table-scroll">
          <table id={tableId} ref={tableRef} tabIndex={-1} data-editable={editable ? "true" : undefined}>
            <caption className="visually-hidden">{texts.caption}</caption>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => (
                    <th key={header.id} scope="col" className={alignOf(header.column.id)}>
                      <table.FlexRender header={header} />
                    </th>
                  ))}
                </tr>
              ))}
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr className="empty-row">
                  <td colSpan={columns.length} className="table-empty">
                    {texts.empty}
                  </td>
                </tr>
              ) : (
                table.getRowModel().rows.map((row) => (
                  <tr key={row.id} data-item-id={row.id} data-product-id={row.original.shopProduct.id}>
                    {row.getAllCells().map((cell) => (
                      <td key={cell.id} className={alignOf(cell.column.id)}>
                        <table.FlexRender cell={cell} />
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
      </div>
    </LineContext.Provider>
  );
}
