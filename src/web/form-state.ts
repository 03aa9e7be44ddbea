import type { Toast } from "@views/view-context";
import { AppError } from "@/lib/errors";
import type { AppContext } from "@/lib/hono-env";
import { type T, translateMessage } from "@/lib/i18n";

/** Turns a fail AppError into translated field errors and form-level messages. */
export function formErrorsOf(t: T, error: AppError, fieldNames: string[]) {
  const errors: Record<string, string> = {};
  const formErrors: string[] = [];
  for (const [name, message] of Object.entries(error.fields)) {
    if (fieldNames.includes(name)) errors[name] = translateMessage(t, message);
  }
  const fieldTexts = new Set(Object.values(errors));
  for (const message of error.messages) {
    const text = translateMessage(t, message);
    if (!fieldTexts.has(text)) formErrors.push(text);
  }
  return { errors, formErrors };
}

export interface FormState {
  errors: Record<string, string>;
  formErrors: string[];
  /** renderPage's options: 422 and the FORM_NOT_VALID warning for a refused form, a plain 200 otherwise. */
  answer: { status: number; toasts: Toast[] };
}

/** What a form page needs to show a refusal (or nothing): the one way every form re-renders with 422 and FORM_NOT_VALID. */
export function formState(c: AppContext, error: AppError | undefined, fieldNames: string[]): FormState {
  if (!error) return { errors: {}, formErrors: [], answer: { status: 200, toasts: [] } };
  const t = c.get("t");
  // A refusal is 422, a limit reached (AppError.limited) keeps its 429.
  return { ...formErrorsOf(t, error, fieldNames), answer: { status: error.status === 429 ? 429 : 422, toasts: [formNotValidToast(c)] } };
}

export const formNotValidToast = (c: AppContext): Toast => ({ kind: "warning", text: c.get("t")("FORM_NOT_VALID") as string });

/** A refusal (`fail`: validation or a business rule), as opposed to an error the error page answers. */
export const isRefusal = (error: unknown): error is AppError => error instanceof AppError && error.kind === "fail";

/**
 * The one catch-and-re-render of a refused form: answers what `work` answers (a redirect after
 * the save), or on a refusal what `refused` answers (the form again with the posted values and
 * the errors, 422); any other error is rethrown to the error page.
 */
export async function withFormErrors(work: () => Promise<Response>, refused: (error: AppError) => Response | Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (isRefusal(error)) return refused(error);
    throw error;
  }
}
