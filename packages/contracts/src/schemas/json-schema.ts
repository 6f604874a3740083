// Schema shapes the daemon's routes use that TypeBox would spell differently: a string from a fixed list as
// `{type: 'string', enum}` and a nullable integer as `{type: ['integer', 'null']}`, exactly as the routes have
// always validated and serialized them (ajv's error keywords and the serializer's output stay the same), and an
// object used as a map.
import { type Static, type TSchema, type TUnsafe, Type } from 'typebox';

export const StringEnum = <const Values extends readonly string[]>(values: Values): TUnsafe<Values[number]> =>
  Type.Unsafe<Values[number]>({ type: 'string', enum: values });

export const NullableInteger = (): TUnsafe<number | null> => Type.Unsafe<number | null>({ type: ['integer', 'null'] });

export const NullableNumber = (): TUnsafe<number | null> => Type.Unsafe<number | null>({ type: ['number', 'null'] });

export const NullableString = (): TUnsafe<string | null> => Type.Unsafe<string | null>({ type: ['string', 'null'] });

/** An object from any key to values of one schema: `{type: 'object', additionalProperties: value}`. */
export const StringMap = <Value extends TSchema>(
  value: Value,
  options: Record<string, unknown> = {},
): TUnsafe<Record<string, Static<Value>>> =>
  Type.Unsafe<Record<string, Static<Value>>>({ type: 'object', ...options, additionalProperties: value });

/** No query parameters: an unexpected one is a caller's mistake worth hearing about. */
export const NoQuery = Type.Object({}, { additionalProperties: false });
