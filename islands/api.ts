/** The island side of the API envelope: one place that handles 401 and transport errors. */
export interface ApiEnvelope<T> {
  status: "success" | "fail" | "error";
  data?: T;
  code?: string;
  /** A refusal's messages by field (docs/architecture.md#api-contract), beside the list in `data`. */
  fields?: Record<string, string>;
}

export async function callApi<T>(url: string, init: RequestInit = {}): Promise<ApiEnvelope<T> | null> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: "same-origin",
      ...init,
      headers: { Accept: "application/json", "Content-Type": "application/json", ...(init.headers ?? {}) },
    });
  } catch {
    return null;
  }
  if (response.status === 401) {
    // A missing, expired or revoked session ends here; a 403 (no access) keeps it and comes back as its envelope.
    window.location.assign("/logout?expired=1");
    return null;
  }
  try {
    return (await response.json()) as ApiEnvelope<T>;
  } catch {
    return null;
  }
}
