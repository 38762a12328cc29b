/**
 * Types read off the contracts' schemas without depending on zod: the `data` of a call's answer and
 * the parsed body of a request, from their schemas' `safeParse`.
 */

interface Parses {
  safeParse(value: unknown): { success: boolean; data?: unknown };
}

/** What `schema.safeParse` gives on success: the body a call sends once its form is checked. */
export type BodyOf<S extends Parses> =
  Extract<ReturnType<S['safeParse']>, { success: true }> extends { data: infer T } ? T : never;

/** The envelope's `data` of a response schema (`deviceListResponse` → `{ list, total, … }`). */
export type DataOf<S extends Parses> = BodyOf<S> extends { data: infer T } ? T : never;
