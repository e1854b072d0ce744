/** A value or the reasons it could not be had. Bad input is returned, never thrown. */
export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });

export function unwrap<T, E>(result: Result<T, E>, describe: (e: E) => string = (e) => String(e)): T {
  if (result.ok) return result.value;
  throw new Error(describe(result.error));
}
