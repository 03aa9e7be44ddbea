import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import { SPACER_FIELDS, type SpacerField, type SpacerInitialValues } from "@/modules/manufacture/schemas";
import { spacerCalculatorInput } from "@/modules/orders/fence-item/schemas";
import { computeSpacers, type SpacerCalculation, type SpacerOption } from "@/modules/orders/browser";
import { SpacerDrawing } from "./spacer-drawing";
import { fillText, formatMm, type SpacerCalculatorTexts } from "./spacer-texts";

export type { SpacerCalculatorTexts };

export { SPACER_FIELDS, type SpacerField, type SpacerInitialValues };

/** The option rows: round the exact slat count down or up, or keep the wanted spacer. */
export const SPACER_OPTIONS = ["floor", "ceiling", "fixed"] as const;
export type SpacerOptionName = (typeof SPACER_OPTIONS)[number];

/** What the dialog hands back to the item: the chosen option's spacer and slat count. */
export interface SpacerChoice {
  spacerHeight: number;
  slatCount: number;
}

export interface SpacerCalculatorProps {
  texts: SpacerCalculatorTexts;
  /** What the fields start with: typed text (the page's query) or numbers (an item's values). */
  initial?: SpacerInitialValues;
  /** The page keeps the inputs in its address, so a link or a reload carries the calculation. */
  syncUrl?: boolean;
  /** The dialog's Apply button; without it (the page) there is none. */
  onApply?: (choice: SpacerChoice) => void;
}

type Values = Record<SpacerField, string>;

const toText = (value: string | number | null | undefined): string => (typeof value === "number" ? String(value).replace(".", ",") : (value ?? ""));

/** The first message per field, in the page's language. */
function fieldMessages(values: Values, texts: SpacerCalculatorTexts): { errors: Partial<Record<SpacerField, string>>; parsed: ReturnType<typeof spacerCalculatorInput.safeParse> } {
  const parsed = spacerCalculatorInput.safeParse(values);
  const errors: Partial<Record<SpacerField, string>> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as SpacerField;
    if (errors[field]) continue;
    const params = (issue as { params?: Record<string, number> }).params ?? {};
    const message = issue.message;
    errors[field] =
      message === "validation.required" ? texts.required
      : message === "validation.min" ? (field === "slatHeight" ? texts.slatPositive : texts.negative)
      : message === "validation.max" ? fillText(texts.max, { max: params.max ?? "" })
      : message === "validation.decimalPlaces" ? texts.decimalPlaces
      : message === "fenceItem.spacer.offsetsTooLarge" ? fillText(texts.offsetsTooLarge, { height: formatMm(params.height ?? 0) })
      : texts.number;
  }
  return { errors, parsed };
}

function OptionRow({ name, option, chosen, onChoose, texts, group }: {
  name: SpacerOptionName;
  option: SpacerOption | null;
  chosen: boolean;
  onChoose: () => void;
  texts: SpacerCalculatorTexts;
  group: string;
}) {
  const id = `${group}-${name}`;
  return (
    <tr className={`spacer-option${chosen ? " spacer-option-chosen" : ""}`} data-option={name}>
      <th scope="row">
        <label htmlFor={id} className="spacer-option-label">
          <input id={id} type="radio" name={group} checked={chosen} disabled={!option} onChange={onChoose} />
          <span>
            {texts[name]}
            <small>{texts[`${name}Hint`]}</small>
          </span>
        </label>
      </th>
      {option ? (
        <>
          <td className="align-end" data-cell="slatCount">{option.slatCount}</td>
          <td className="align-end" data-cell="spacerHeight" title={option.spacerHeight === null ? texts.noSpacer : undefined}>
            {option.spacerHeight === null ? "–" : formatMm(option.spacerHeight)}
          </td>
          <td className="align-end" data-cell="tail">{formatMm(option.tail)}</td>
        </>
      ) : (
        <td colSpan={3} className="spacer-none" data-cell="none">
          {texts.ceilingNone}
        </td>
      )}
    </tr>
  );
}

/**
 * The spacer calculator (docs/domain.md#spacer-calculator, docs/fence-geometry.md): height, slat height, spacer, Z1 and
 * Z2 in, the floor, ceiling and fixed options out, with a drawing to scale, all recomputed as the
 * user types. The page hydrates it as the `spacer-calculator` island; SpacerCalculatorDialog
 * (./spacer-calculator-dialog.tsx) wraps it for the items editor.
 */
export default function SpacerCalculator({ texts, initial = {}, syncUrl = false, onApply }: SpacerCalculatorProps) {
  const id = useId();
  const [values, setValues] = useState<Values>(() => Object.fromEntries(SPACER_FIELDS.map((field) => [field, toText(initial[field])])) as Values);
  // A blank required field says so only after the user has been there (or after a submit).
  const [touched, setTouched] = useState<ReadonlySet<SpacerField>>(() => new Set(SPACER_FIELDS.filter((field) => values[field] !== "")));
  const [chosen, setChosen] = useState<SpacerOptionName>("floor");
  // Without JavaScript the form is a GET of this page; once hydrated it computes as the user types.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  const { errors, result, input } = useMemo(() => {
    const { errors, parsed } = fieldMessages(values, texts);
    let result: SpacerCalculation | null = null;
    if (parsed.success) {
      result = computeSpacers(parsed.data);
      if (result && result.floor.slatCount === 0) {
        errors.slatHeight = fillText(texts.noSlatFits, { available: formatMm(result.availableHeight), slat: formatMm(parsed.data.slatHeight) });
        result = null;
      }
    }
    return { errors, result, input: parsed.data };
  }, [values, texts]);

  useEffect(() => {
    if (!syncUrl || !live) return;
    const query = new URLSearchParams(SPACER_FIELDS.filter((field) => values[field].trim() !== "").map((field) => [field, values[field].trim()]));
    const search = query.size ? `?${query}` : "";
    if (search !== window.location.search) window.history.replaceState(window.history.state, "", `${window.location.pathname}${search}`);
  }, [values, syncUrl, live]);

  // The ceiling may vanish as the user types; the floor then stands in for it.
  const shown: SpacerOptionName = result && chosen === "ceiling" && !result.ceiling ? "floor" : chosen;
  const option = result ? result[shown] : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // Enter computes nothing new (it is live) and must not reload the page or close a dialog.
    event.preventDefault();
    setTouched(new Set(SPACER_FIELDS));
  };

  return (
    <div className="spacer-calculator" data-state={result ? "result" : "pending"}>
      <form className="spacer-inputs" method="get" noValidate onSubmit={submit} aria-labelledby={`${id}-inputs`}>
        <h2 id={`${id}-inputs`}>{texts.inputs}</h2>
        {SPACER_FIELDS.map((field) => {
          const error = touched.has(field) || values[field] !== "" ? errors[field] : undefined;
          const inputId = `${id}-${field}`;
          const hint = field === "z1" ? texts.z1Hint : field === "z2" ? texts.z2Hint : undefined;
          const required = field !== "z1" && field !== "z2";
          return (
            <div key={field} className={`field field-decimal${error ? " field-invalid" : ""}${required ? " field-required" : ""}`}>
              <label htmlFor={inputId}>
                {texts[field]} <span className="field-unit">({texts.unit})</span>
              </label>
              <input
                id={inputId}
                name={field}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                required={required}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${inputId}-error${hint ? ` ${inputId}-hint` : ""}`}
                value={values[field]}
                onChange={(event) => {
                  const text = event.target.value;
                  setValues((current) => ({ ...current, [field]: text }));
                }}
                onBlur={() => setTouched((current) => (current.has(field) ? current : new Set([...current, field])))}
              />
              {hint ? (
                <small id={`${inputId}-hint`} className="field-hint">
                  {hint}
                </small>
              ) : null}
              <small id={`${inputId}-error`} className="field-error" role={error ? "alert" : undefined}>
                {error ?? ""}
              </small>
            </div>
          );
        })}
        {live ? null : (
          <button type="submit" className="button button-primary">
            {texts.calculate}
          </button>
        )}
      </form>

      <section className="spacer-results" aria-labelledby={`${id}-results`}>
        <h2 id={`${id}-results`}>{texts.results}</h2>
        {result && option && input ? (
          <>
            <dl className="spacer-summary" aria-live="polite">
              <div>
                <dt>{texts.available}</dt>
                <dd data-value="available">
                  {formatMm(result.availableHeight)} {texts.unit}
                </dd>
              </div>
              <div>
                <dt>{texts.exactCount}</dt>
                <dd data-value="exactCount">{formatMm(result.exactSlatCount)}</dd>
              </div>
            </dl>
            <table className="spacer-table data-table">
              <thead>
                <tr>
                  <th scope="col">{texts.option}</th>
                  <th scope="col" className="align-end">{texts.slatCount}</th>
                  <th scope="col" className="align-end">{texts.spacerHeight}</th>
                  <th scope="col" className="align-end">{texts.tail}</th>
                </tr>
              </thead>
              <tbody>
                {SPACER_OPTIONS.map((name) => (
                  <OptionRow key={name} name={name} option={result[name]} chosen={shown === name} onChoose={() => setChosen(name)} texts={texts} group={`${id}-option`} />
                ))}
              </tbody>
            </table>
            {option.spacerHeight === null ? <p className="field-hint">{texts.noSpacer}</p> : null}
            {onApply ? (
              <div className="dialog-actions spacer-apply">
                <small className="field-hint">{texts.applyHint}</small>
                <button
                  type="button"
                  className="button button-primary"
                  disabled={option.spacerHeight === null}
                  onClick={() => option.spacerHeight !== null && onApply({ spacerHeight: option.spacerHeight, slatCount: option.slatCount })}
                >
                  {texts.apply}
                </button>
              </div>
            ) : null}
            <SpacerDrawing texts={texts} input={input} option={option} />
          </>
        ) : (
          <p className="spacer-pending" data-value="pending">
            {texts.pending}
          </p>
        )}
      </section>
    </div>
  );
}
