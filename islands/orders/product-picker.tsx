import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { callApi } from "../api";
import type { Ref } from "./fence-items-model";

export interface ProductHit extends Ref {
  systemRole?: string | null;
}

export interface ProductPickerProps {
  id: string;
  name: string;
  value: Ref | null;
  onPick: (product: ProductHit) => void;
  /** Only products of this category (and below it): a sub-product's. */
  category?: number | null;
  /** Only products of these categories (and below them): the other and assembly items' pickers (docs/domain.md#editor-categories). */
  categories?: readonly number[];
  /** Only products a fence item of this type may take (the items API's own search). */
  itemType?: string | null;
  /** Offered after the matches, whatever was typed: the virtual "new custom" product. */
  extra?: ProductHit[];
  placeholder: string;
  noMatch: string;
  className?: string;
  describedBy?: string;
}

/**
 * A product combobox: type a few letters and choose with the arrows and Enter (which never submits
 * anything), or the mouse. It asks /api/products (name filter, base products only: `variant=false`),
 * or for a fence item the items API's search, which offers only products of the item's type.
 */
export function ProductPicker(props: ProductPickerProps) {
  const listId = useId();
  const [text, setText] = useState<string | null>(null);
  const [hits, setHits] = useState<ProductHit[] | null>(null);
  const [active, setActive] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const asked = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (query: string) => {
    setText(query);
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      const call = ++asked.current;
      let url: string;
      if (props.itemType !== undefined) url = `/api/orders/fenceOrder/itemProducts?${new URLSearchParams({ name: query.trim(), type: props.itemType ?? "" })}`;
      else {
        const params = new URLSearchParams({ name: query.trim(), variant: "false", size: "15", sort: "name,asc" });
        if (props.category) params.set("categories", String(props.category));
        else if (props.categories?.length) params.set("categories", props.categories.join(";"));
        url = `/api/products?${params}`;
      }
      const answer = await callApi<ProductHit[]>(url);
      if (call !== asked.current) return;
      setHits(answer?.status === "success" && answer.data ? answer.data : []);
      setActive(0);
    }, 150);
  };
  const close = () => {
    clearTimeout(timer.current);
    asked.current++;
    setText(null);
    setHits(null);
  };
  const options = hits ? [...hits, ...(props.extra ?? [])] : null;
  const pick = (hit: ProductHit) => {
    close();
    props.onPick(hit);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      if (options?.[active]) pick(options[active]);
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!options) return search(text ?? "");
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + options.length) % Math.max(1, options.length));
    } else if (event.key === "Escape" && options) {
      event.preventDefault();
      close();
    }
  };

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <div className={`picker${props.className ? ` ${props.className}` : ""}`}>
      <input
        id={props.id}
        name={props.name}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={options !== null}
        aria-controls={listId}
        aria-activedescendant={options?.length ? optionId(active) : undefined}
        aria-describedby={props.describedBy}
        data-product-id={props.value?.id ?? ""}
        placeholder={props.placeholder}
        value={text ?? props.value?.name ?? ""}
        onChange={(event) => search(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      {options ? (
        <ul id={listId} role="listbox" className="picker-list">
          {options.map((option, index) => (
            <li
              key={option.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              data-product-id={option.id}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(option);
              }}
            >
              {option.name}
            </li>
          ))}
          {options.length ? null : <li className="picker-empty">{props.noMatch}</li>}
        </ul>
      ) : null}
    </div>
  );
}
