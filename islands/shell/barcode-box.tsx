import { useRef, useState } from "react";
import { callApi } from "../api";
import { showToast } from "../toast";
import { useActOnPause } from "../use-pause";
import { isLongEnoughCode } from "@/modules/barcode/codes";

/** docs/domain.md#barcode-input: act after a 250 ms pause, only on more than 2 characters (or a printed P5), only on a changed value. */
export const BARCODE_DEBOUNCE_MS = 250;

interface ScanAnswer {
  action: "open" | "added";
  url?: string;
  message: string;
}

export interface BarcodeBoxProps {
  label: string;
  placeholder: string;
  genericError: string;
}

export default function BarcodeBox({ label, placeholder, genericError }: BarcodeBoxProps) {
  const [value, setValue] = useState("");
  const [busy, setBusy] = useState(false);
  const lastProcessed = useRef("");
  const input = useRef<HTMLInputElement>(null);

  const process = async (raw: string, force = false) => {
    const code = raw.trim();
    if (!isLongEnoughCode(code)) return;
    if (!force && code === lastProcessed.current) return;
    lastProcessed.current = code;
    setBusy(true);
    const answer = await callApi<ScanAnswer | string[]>("/api/barcode/scan", {
      method: "POST",
      body: JSON.stringify({ code }),
    });
    setBusy(false);
    if (!answer) {
      showToast("error", genericError);
      return;
    }
    if (answer.status === "success" && answer.data && !Array.isArray(answer.data)) {
      const result = answer.data;
      if (result.action === "open" && result.url) {
        window.location.assign(result.url);
        return;
      }
      showToast("success", result.message);
      lastProcessed.current = "";
      setValue("");
      window.dispatchEvent(new CustomEvent("ohrada:baskets-changed"));
      return;
    }
    if (answer.status === "fail" && Array.isArray(answer.data)) {
      for (const message of answer.data) showToast("warning", message);
      input.current?.select();
      return;
    }
    showToast("error", genericError);
  };

  const cancelPause = useActOnPause(value, BARCODE_DEBOUNCE_MS, (typed) => void process(typed));

  return (
    <form
      className="barcode-box"
      role="search"
      method="post"
      action="/barcode"
      onSubmit={(event) => {
        event.preventDefault();
        cancelPause();
        void process(value, true);
      }}
    >
      <label className="visually-hidden" htmlFor="barcode-input">
        {label}
      </label>
      <input
        ref={input}
        id="barcode-input"
        name="code"
        type="search"
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={value}
        aria-busy={busy}
        onChange={(event) => setValue(event.target.value)}
      />
    </form>
  );
}
