import { formatCzechDateTime } from "@/lib/dates";
import type { FormField } from "../components/form";

const isoInstant = /^\d{4}-\d{2}-\d{2}T/;

/**
 * A `dd.mm.yyyy hh:mm` text input for a custom form field: a saved ISO instant shows in Prague
 * time, a re-rendered post shows what was typed. Same id, name and error wiring as the shared fields.
 */
export function DateTimeInput({ field, value, placeholder }: { field: FormField; value: unknown; placeholder: string }) {
  const id = `field-${field.name}`;
  const text = typeof value === "string" ? (isoInstant.test(value) ? formatCzechDateTime(value) : value) : value instanceof Date ? formatCzechDateTime(value) : "";
  return (
    <input
      id={id}
      name={field.name}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      required={field.required}
      aria-label={field.label}
      aria-describedby={`${id}-error`}
      placeholder={placeholder}
      pattern="\s*\d{1,2}\.\s*\d{1,2}\.\s*\d{4}\s+\d{1,2}:\d{2}\s*"
      defaultValue={text}
    />
  );
}
