// The intrinsics the value module uses, captured when it loads, so that a page that replaces
// a global or a prototype method later changes nothing. None of them runs user code except a
// Proxy's own traps:
// - `taTag` and `taLength`, the `%TypedArray%.prototype` getters of `Symbol.toStringTag` (the
//   brand: "Uint8Array" for real Uint8Arrays and subclasses, `undefined` for anything else,
//   Proxies included) and `length` (the real length, whatever an own `length` says);
// - `getTime`, `Date.prototype.getTime`, which throws for anything but a real Date (a
//   subclass's override is never called);
// - `wellFormed`: on older engines without `isWellFormed`, any surrogate is refused by a regex.

const uncurry = <A extends unknown[], R>(f: (this: never, ...args: A) => R): ((self: unknown, ...args: A) => R) =>
  Function.prototype.call.bind(f as (...args: unknown[]) => unknown) as (self: unknown, ...args: A) => R;

export const OBJECT_PROTO = Object.prototype;
export const ARRAY_PROTO = Array.prototype;
export const DATE_PROTO = Date.prototype;
export const getProto = Object.getPrototypeOf as (v: object) => object | null;
export const ownKeys = Object.keys;
export const ownSymbols = Object.getOwnPropertySymbols;
export const ownDesc = Object.getOwnPropertyDescriptor;
export const define = Object.defineProperty;
export const isArray = Array.isArray;
const TYPED_ARRAY = getProto(Uint8Array.prototype)!;
export const taTag = uncurry(ownDesc(TYPED_ARRAY, Symbol.toStringTag)!.get as () => string | undefined);
export const taLength = uncurry(ownDesc(TYPED_ARRAY, "length")!.get as () => number);
export const taSet = uncurry(Uint8Array.prototype.set as (this: never, source: ArrayLike<number>, offset?: number) => void);
export const getTime = uncurry(Date.prototype.getTime as (this: never) => number);
const isWellFormed = String.prototype.isWellFormed as ((this: string) => boolean) | undefined;
export const wellFormed: (s: string) => boolean = isWellFormed ? uncurry(isWellFormed as (this: never) => boolean) : (s) => !/[\uD800-\uDFFF]/.test(s);
export const utf8 = uncurry(TextEncoder.prototype.encode as (this: never, s: string) => Uint8Array).bind(null, new TextEncoder());
export const unutf8 = uncurry(TextDecoder.prototype.decode as (this: never, b: Uint8Array) => string).bind(
  null,
  // `ignoreBOM`: a leading U+FEFF is text, not a byte-order mark (it used to vanish from
  // values, keys and key ids).
  new TextDecoder("utf-8", { ignoreBOM: true }),
);
/** An array of `n` own `undefined` elements: writing it runs no setter of `Array.prototype`. */
const arrayFrom = Array.from.bind(Array);
export const filled = (n: number): unknown[] => arrayFrom({ __proto__: null, length: n } as ArrayLike<unknown>);
/** A property descriptor without a prototype: a planted `get` or `set` is never read. */
export const field = (value: unknown): PropertyDescriptor =>
  ({ __proto__: null, value, writable: true, enumerable: true, configurable: true }) as PropertyDescriptor;

/** How deep a cursor value nests, at most: the payload format's limit (docs/cursor-format.md). */
export const MAX_DEPTH = 64;

// Constructors and functions a page could replace on the global object, captured too.
export const U8 = Uint8Array;
export const U16 = Uint16Array;
export const DV = DataView;
export const DateC = Date;
export const BigIntC = BigInt;
export const { floor, max: maxOf } = Math;
export const { isSafeInteger } = Number;
export const { fromCharCode } = String;
