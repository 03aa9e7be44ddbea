/**
 * The basket pages' id field (docs/domain.md#basket-id-field): a product id, an EAN-13 or a scanned code adds
 * 1 of that product to this page's basket.
 *
 * - It acts by itself 250 ms after typing stops, on more than 1 character, and only when the value
 *   differs from the last one it acted on (docs/domain.md#barcode-input): retyping the same id adds
 *   nothing. Enter (a scanner ends its code with one) acts at once, on any value, even the same.
 * - Each act carries its own idempotency key (docs/architecture.md#idempotency); a transport failure
 *   is retried with the same key, and an Enter on the same value after such a failure reuses it, so
 *   an add the server did apply is never applied twice.
 * - A success toasts the product's name, clears the field and hands the line to the page's basket
 *   table (the `ohrada:basket-line` event); an unknown code toasts a warning and keeps the text selected.
 * Without JavaScript the field is a plain form posting to the page route, which redirects back with a toast.
 */
import { type FormEvent, useRef, useState } from "react";
import { ADD_BY_CODE_ACTION, ADD_BY_CODE_API, BASKET_LINE_EVENT, type BasketLineEvent, ID_FIELD_DEBOUNCE_MS, ID_FIELD_MIN_LENGTH } from "@/modules/baskets/page-schemas";
import type { BasketItem, BasketType } from "@/modules/baskets/schemas";
import { callApi } from "../api";
import { showToast } from "../toast";
import { useActOnPause } from "../use-pause";

export interface BasketIdFieldTexts {
  label: string;
  placeholder: string;
  hint: string;
  submit: string;
  genericError: string;
}

export interface BasketIdFieldProps {
  type: BasketType;
  warehouseId: number;
  /** The basket table (islands/baskets/basket-table.tsx) that shows the added line. */
  tableId: string;
  /** The form's key without JavaScript; the island makes its own per act. */
  idempotencyKey: string;
  texts: BasketIdFieldTexts;
}


/** 32 hex characters from the browser's random source (crypto.randomUUID needs https; this does not). */
function newKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

interface Answer {
  message: string;
  line: BasketItem;
}

/** A lost request is sent again with the same key: at most this many tries in all. */
const TRIES = 3;

export default function BasketIdField({ type, warehouseId, tableId, idempotencyKey, texts }: BasketIdFieldProps) {
  const [value, setValue] = useState("");
  const [busy, setBusy] = useState(false);
  /** Adds sent and answered, and the last value a pause was handled for: markers the browser tests wait on. */
  const [acts, setActs] = useState(0);
  const [settled, setSettled] = useState<string | null>(null);
  /** The value the field last acted on: a pause on the same value does nothing. */
  const lastActed = useRef("");
  /** An act whose answer never came: the same value again reuses its key. */
  const unanswered = useRef<{ code: string; key: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const act = async (raw: string, byEnter: boolean) => {
    const code = raw.trim();
    if (!code) return;
    if (!byEnter && (code.length < ID_FIELD_MIN_LENGTH || code === lastActed.current)) return;
    lastActed.current = code;
    const key = unanswered.current?.code === code ? unanswered.current.key : newKey();
    unanswered.current = { code, key };
    setBusy(true);
    let answer = null;
    for (let attempt = 0; attempt < TRIES && !answer; attempt++) {
      answer = await callApi<Answer | string[]>(ADD_BY_CODE_API, { method: "POST", body: JSON.stringify({ type, warehouseId, code, idempotencyKey: key }) });
    }
    setBusy(false);
    setActs((count) => count + 1);
    if (!answer) {
      showToast("error", texts.genericError);
      return;
    }
    unanswered.current = null;
    if (answer.status === "success" && answer.data && !Array.isArray(answer.data)) {
      const added = answer.data;
      showToast("success", added.message);
      window.dispatchEvent(new CustomEvent<BasketLineEvent>(BASKET_LINE_EVENT, { detail: { tableId, line: added.line } }));
      // The layout's baskets column counts lines (public/app.js).
      window.dispatchEvent(new CustomEvent("ohrada:baskets-changed"));
      // Cleared for the next scan; the same id typed again still counts as unchanged.
      setValue((current) => (current.trim() === code ? "" : current));
      return;
    }
    const messages = answer.status === "fail" ? (Array.isArray(answer.data) && answer.data.length ? answer.data.map(String) : Object.values(answer.fields ?? {})) : [];
    if (messages.length) for (const message of messages) showToast("warning", message);
    else showToast("error", texts.genericError);
    input.current?.select();
  };

  const cancelPause = useActOnPause(value, ID_FIELD_DEBOUNCE_MS, (typed) => void act(typed, false).then(() => setSettled(typed)));

  return (
    <form
      className="basket-id-field"
      method="post"
      action={ADD_BY_CODE_ACTION}
      data-acts={acts}
      data-settled={settled ?? undefined}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        cancelPause();
        void act(value, true);
      }}
    >
      <input type="hidden" name="type" value={type} />
      <input type="hidden" name="warehouseId" value={warehouseId} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <label htmlFor={`${tableId}-id-field`}>{texts.label}</label>
      <div className="basket-id-row">
        <input
          ref={input}
          id={`${tableId}-id-field`}
          name="code"
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          placeholder={texts.placeholder}
          aria-describedby={`${tableId}-id-hint`}
          aria-busy={busy ? true : undefined}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className="button">
          {texts.submit}
        </button>
      </div>
      <p id={`${tableId}-id-hint`} className="field-hint">
        {texts.hint}
      </p>
    </form>
  );
}
