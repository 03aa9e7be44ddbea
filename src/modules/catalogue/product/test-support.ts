/** Helpers of the product service tests (not a test file itself). */
import { AppError } from "@/lib/errors";

/** The AppError a call throws; fails the test when it succeeds or throws anything else. */
export async function failureOf(work: Promise<unknown>): Promise<AppError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

/** The message key of each field error. */
export const fieldKeys = (error: AppError): Record<string, string> =>
  Object.fromEntries(Object.entries(error.fields).map(([name, message]) => [name, message.key]));
