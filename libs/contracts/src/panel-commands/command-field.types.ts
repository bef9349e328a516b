/**
 * The schema of a panel command's fields: one description that checks an HTTP body, a NATS command
 * and a wire payload alike, and that writes the body's OpenAPI schema.
 */

/** The subset of JSON Schema (as OpenAPI 3.0 writes it) that command fields use. */
export interface FieldJsonSchema {
  type?: 'string' | 'integer' | 'boolean' | 'object';
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: ReadonlyArray<string | number>;
  description?: string;
  properties?: Record<string, FieldJsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  minProperties?: number;
}

/**
 * One field. A value is checked in two rounds, every field of a body in the first before any in the
 * second: `check`, the field's own rule (presence, type, the bounds a form states), then `limit`, the
 * panel protocol's bounds (a zone id up to 9999, a host the panel can resolve). Messages name the
 * field by its dotted path.
 */
export interface CommandField<T = unknown> {
  /** Never set: carries the field's TypeScript type. */
  readonly type?: T;
  /** May be left out (absent); when present, the rules apply. */
  readonly optional: boolean;
  /**
   * Set by portal-api as it sends the command (e.g. the portal's clock), never by the request:
   * not part of the HTTP body, present in the NATS command and on the wire.
   */
  readonly portalValue?: () => T;
  /** The first problem of the value (undefined when absent), or null. `object` is the field's parent. */
  check(value: unknown, path: string, object: Record<string, unknown>): string | null;
  /** The protocol's limits of a value that passed `check`. */
  limit?(value: T, path: string): string | null;
  readonly schema: FieldJsonSchema;
  /** The fields of an object field, checked the same way at their own paths. */
  readonly fields?: CommandFields;
  /** Rules of an object field's content as a whole, in the second round. */
  readonly rules?: ObjectRules;
}

/** Rules of an object field beyond its fields. */
export interface ObjectRules {
  /** Fields a panel reports but that no command may change. */
  readOnly?: readonly string[];
  /** The object must carry at least one field. */
  nonEmpty?: boolean;
}

export type CommandFields = Readonly<Record<string, CommandField<unknown>>>;

export type RequiredField<T> = CommandField<T> & { readonly optional: false };
export type OptionalField<T> = CommandField<T> & { readonly optional: true };
export type PortalField<T> = RequiredField<T> & { readonly portalValue: () => T };

type ValueOf<F> = F extends CommandField<infer T> ? T : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type OptionalKeys<F> = { [K in keyof F]: F[K] extends { readonly optional: true } ? K : never }[keyof F];
type RequiredKeys<F> = Exclude<keyof F, OptionalKeys<F>>;
type PortalKeys<F> = { [K in keyof F]: F[K] extends { readonly portalValue: () => unknown } ? K : never }[keyof F];

/** The value the fields describe: what a NATS command and a wire payload carry. */
export type FieldsValue<F> = Simplify<
  { [K in RequiredKeys<F>]: ValueOf<F[K]> } & { [K in OptionalKeys<F>]?: ValueOf<F[K]> }
>;

/** What a request body carries: the fields but those portal-api sets itself. */
export type FieldsBody<F> = FieldsValue<Omit<F, PortalKeys<F>>>;
