// Generated: node scripts/glue-declarations.mjs pkg/pagecursor.d.ts (scripts/build.sh checks it).
export type ListLoadKind = "more" | "previous" | "window" | "head";
export type WalkFailure = "fetch_failed" | "bad_page" | "repeated_token";
export type WalkStop = "end" | "maxItems" | "maxPages" | "maxRequests" | "timeLimit" | "aborted" | "error";
import type { Cursor, CursorCodecOptions, CursorStackOptions, CursorValue, DecodeOptions, EncodeOptions, FetchPage, InfiniteListOptions, KeysetPage, OffsetPageInfo } from "./index.js";
export enum AfterFailure {
    Retry = 0,
    Fail = 1,
    Stop = 2,
    Ignore = 3
}
export class CursorCodec {
    free(): void;
    [Symbol.dispose](): void;
    decode(token: string, options: DecodeOptions): Cursor;
    encode(value: CursorValue, options: EncodeOptions): string;
    constructor(options: CursorCodecOptions);
    readonly mode: "plain" | "signed" | "sealed";
}
export class CursorStack {
    free(): void;
    [Symbol.dispose](): void;
    back(): unknown;
    forward(nextToken: unknown): unknown;
    static from(state: any, options: CursorStackOptions | undefined, codec: CursorCodec): CursorStack;
    goTo(page: any): unknown;
    constructor(options: CursorStackOptions | undefined, codec: CursorCodec);
    record(nextToken: unknown): void;
    reset(scope: CursorValue | undefined): void;
    toJSON(): string;
    toString(): string;
    readonly current: unknown;
    readonly hasNext: boolean;
    readonly hasPrevious: boolean;
    readonly maxDepth: number | undefined;
    readonly page: number;
}
export class InfiniteList {
    free(): void;
    [Symbol.dispose](): void;
    checkScope(scope: any): void;
    counts(): Uint32Array;
    static from(state: any, fetchPage: FetchPage<any>, options: InfiniteListOptions | undefined, codec: CursorCodec): InfiniteList;
    insert(atStart: boolean, key: any): ItemAt;
    locate(key: any): ItemAt | undefined;
    constructor(fetchPage: FetchPage<any>, options: InfiniteListOptions | undefined, codec: CursorCodec);
    rekey(at: ItemAt, key: any): void;
    relocate(key: any, edit: ItemAt): ItemAt | undefined;
    remove(at: ItemAt): boolean;
    sentinel(more: boolean, in_view: boolean): any;
    snapshot(): string;
    start(kind: ListLoadKind): InfiniteLoad | undefined;
    toJSON(): string;
    toString(): string;
    uninsert(at: ItemAt, atStart: boolean): boolean;
    unremove(at: ItemAt, key: any): number | undefined;
    static withItems(state: any, fetchPage: FetchPage<any>, options: InfiniteListOptions | undefined, codec: CursorCodec, keys: Array<any> | null | undefined, count: number): InfiniteList;
    readonly chunkItems: number | undefined;
    readonly firstIndex: number;
    readonly hasMore: boolean;
    readonly hasPrevious: boolean;
    readonly windowStart: number;
}
export class InfiniteLoad {
    private constructor();
    free(): void;
    [Symbol.dispose](): void;
    begin(): boolean;
    finish(): void;
    walked(items: number, resume: string | null | undefined, keys: Array<any> | null | undefined, lastToken: boolean, rereadable: boolean, prev: any): number | undefined;
    readonly backward: boolean;
    readonly chunk: number;
    readonly counts: Uint32Array | undefined;
    readonly end: number;
    readonly first: number;
    readonly from: number;
    readonly keep: Uint8Array | undefined;
    readonly keepsPage: boolean;
    readonly onTop: number | undefined;
    readonly reusesPage: boolean;
    readonly start: string | undefined;
    readonly want: number | undefined;
}
export class ItemAt {
    private constructor();
    free(): void;
    [Symbol.dispose](): void;
    withIndex(index: number): ItemAt;
    readonly chunk: number;
    readonly index: number;
}
export class PaginatorCore {
    free(): void;
    [Symbol.dispose](): void;
    consume(n: number, key: any, by_content: boolean): void;
    fail(id: number, failure: WalkFailure, retryable: boolean, retry_after: number | null | undefined, random: number, now: number): AfterFailure;
    is(state: WalkState): boolean;
    constructor(driver: any, numbers: Float64Array | number[], scope: any, codec: CursorCodec, resume: any, start: any, start_form: any);
    static nextLink(header: string): string | undefined;
    page(id: number, len: number, token: any, form: any, more: boolean | null | undefined, now: number, keys: any): boolean;
    static prevLink(header: string): string | undefined;
    pullWith(now: number, taken: number, whole: boolean, id: number, len: number, text?: string | null, more?: boolean | null): Pull;
    pull(now: number, taken: number, whole: boolean): Pull;
    resumeToken(): string | undefined;
    static retryable(status: number | null | undefined, name: string | null | undefined, hint: boolean, type_error: boolean): boolean;
    stats(at: number): Float64Array;
    stopReason(): WalkStop | undefined;
    stop(reason: WalkStop): void;
    takeInitError(): string | undefined;
    timeLeft(now: number): number;
    readonly failure: WalkFailure | undefined;
    readonly requestId: number;
}
export enum Pull {
    Page = 0,
    WholePage = 1,
    Wait = 2,
    Sent = 3,
    Stopped = 4,
    Failed = 5,
    ReportedPage = 6
}
export enum WalkSetting {
    MaxItems = 0,
    MaxPages = 1,
    MaxRequests = 2,
    TimeLimitMs = 3,
    MinIntervalMs = 4,
    Prefetch = 5,
    Retries = 6,
    BaseDelayMs = 7,
    MaxDelayMs = 8,
    StopOnSameToken = 9,
    Segment = 10,
    Total = 11,
    Count = 12
}
export enum WalkStat {
    Pages = 0,
    Items = 1,
    EmptyPages = 2,
    Retries = 3,
    Requests = 4,
    ElapsedMs = 5,
    AnchorMisses = 6,
    Count = 7
}
export enum WalkState {
    PagesMayWait = 0,
    NeedsClock = 1,
    Stopping = 2,
    EndedIdle = 3
}
export function decodeCursor(token: string, options: DecodeOptions): Cursor;
export function encodeCursor(value: CursorValue, options: EncodeOptions): string;
export function offsetPage(options: {
    total: number;
    page: number;
    limit: number;
}): OffsetPageInfo;
export function paginateKeyset(items: any, options: {
    keys: string[];
    after?: string;
    before?: string;
    limit: number;
    codec?: CursorCodec;
    scope?: CursorValue;
}, codec: CursorCodec): KeysetPage<any>;
export function paginateOffset(items: any, options: {
    page: number;
    limit: number;
}): any;
export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;
export interface InitOutput {
    readonly memory: WebAssembly.Memory;
    readonly __wbg_cursorcodec_free: (a: number, b: number) => void;
    readonly __wbg_cursorstack_free: (a: number, b: number) => void;
    readonly __wbg_infinitelist_free: (a: number, b: number) => void;
    readonly __wbg_infiniteload_free: (a: number, b: number) => void;
    readonly __wbg_itemat_free: (a: number, b: number) => void;
    readonly __wbg_paginatorcore_free: (a: number, b: number) => void;
    readonly cursorcodec_decode: (a: number, b: any, c: any) => [
        number,
        number,
        number
    ];
    readonly cursorcodec_encode: (a: number, b: any, c: any) => [
        number,
        number,
        number
    ];
    readonly cursorcodec_mode: (a: number) => [
        number,
        number
    ];
    readonly cursorcodec_new: (a: any) => [
        number,
        number,
        number
    ];
    readonly cursorstack_back: (a: number) => [
        number,
        number,
        number
    ];
    readonly cursorstack_current: (a: number) => any;
    readonly cursorstack_forward: (a: number, b: any) => [
        number,
        number,
        number
    ];
    readonly cursorstack_from: (a: any, b: any, c: number) => [
        number,
        number,
        number
    ];
    readonly cursorstack_goTo: (a: number, b: any) => [
        number,
        number,
        number
    ];
    readonly cursorstack_hasNext: (a: number) => number;
    readonly cursorstack_hasPrevious: (a: number) => number;
    readonly cursorstack_maxDepth: (a: number) => [
        number,
        number
    ];
    readonly cursorstack_new: (a: any, b: number) => [
        number,
        number,
        number
    ];
    readonly cursorstack_page: (a: number) => number;
    readonly cursorstack_record: (a: number, b: any) => [
        number,
        number
    ];
    readonly cursorstack_reset: (a: number, b: any) => [
        number,
        number
    ];
    readonly cursorstack_toJSON: (a: number) => [
        number,
        number,
        number,
        number
    ];
    readonly cursorstack_toString: (a: number) => [
        number,
        number,
        number,
        number
    ];
    readonly decodeCursor: (a: any, b: any) => [
        number,
        number,
        number
    ];
    readonly encodeCursor: (a: any, b: any) => [
        number,
        number,
        number
    ];
    readonly infinitelist_checkScope: (a: number, b: any) => [
        number,
        number
    ];
    readonly infinitelist_chunkItems: (a: number) => number;
    readonly infinitelist_counts: (a: number) => [
        number,
        number
    ];
    readonly infinitelist_firstIndex: (a: number) => number;
    readonly infinitelist_from: (a: any, b: any, c: any, d: number) => [
        number,
        number,
        number
    ];
    readonly infinitelist_hasMore: (a: number) => number;
    readonly infinitelist_hasPrevious: (a: number) => number;
    readonly infinitelist_insert: (a: number, b: number, c: any) => [
        number,
        number,
        number
    ];
    readonly infinitelist_locate: (a: number, b: any) => number;
    readonly infinitelist_new: (a: any, b: any, c: number) => [
        number,
        number,
        number
    ];
    readonly infinitelist_rekey: (a: number, b: number, c: any) => [
        number,
        number
    ];
    readonly infinitelist_relocate: (a: number, b: any, c: number) => number;
    readonly infinitelist_remove: (a: number, b: number) => number;
    readonly infinitelist_sentinel: (a: number, b: number, c: number) => any;
    readonly infinitelist_snapshot: (a: number) => [
        number,
        number,
        number,
        number
    ];
    readonly infinitelist_start: (a: number, b: number) => number;
    readonly infinitelist_toJSON: (a: number) => [
        number,
        number,
        number,
        number
    ];
    readonly infinitelist_toString: (a: number) => [
        number,
        number,
        number,
        number
    ];
    readonly infinitelist_uninsert: (a: number, b: number, c: number) => number;
    readonly infinitelist_unremove: (a: number, b: number, c: any) => number;
    readonly infinitelist_windowStart: (a: number) => number;
    readonly infinitelist_withItems: (a: any, b: any, c: any, d: number, e: number, f: number) => [
        number,
        number,
        number
    ];
    readonly infiniteload_backward: (a: number) => number;
    readonly infiniteload_begin: (a: number) => number;
    readonly infiniteload_chunk: (a: number) => number;
    readonly infiniteload_counts: (a: number) => [
        number,
        number
    ];
    readonly infiniteload_end: (a: number) => number;
    readonly infiniteload_finish: (a: number) => void;
    readonly infiniteload_first: (a: number) => number;
    readonly infiniteload_from: (a: number) => number;
    readonly infiniteload_keep: (a: number) => [
        number,
        number
    ];
    readonly infiniteload_keepsPage: (a: number) => number;
    readonly infiniteload_onTop: (a: number) => number;
    readonly infiniteload_reusesPage: (a: number) => number;
    readonly infiniteload_start: (a: number) => [
        number,
        number
    ];
    readonly infiniteload_walked: (a: number, b: number, c: number, d: number, e: number, f: number, g: number, h: any) => number;
    readonly infiniteload_want: (a: number) => number;
    readonly itemat_chunk: (a: number) => number;
    readonly itemat_index: (a: number) => number;
    readonly itemat_withIndex: (a: number, b: number) => number;
    readonly offsetPage: (a: any) => [
        number,
        number,
        number
    ];
    readonly paginateKeyset: (a: any, b: any, c: number) => [
        number,
        number,
        number
    ];
    readonly paginateOffset: (a: any, b: any) => [
        number,
        number,
        number
    ];
    readonly paginatorcore_consume: (a: number, b: number, c: any, d: number) => void;
    readonly paginatorcore_fail: (a: number, b: number, c: number, d: number, e: number, f: number, g: number, h: number) => number;
    readonly paginatorcore_failure: (a: number) => number;
    readonly paginatorcore_is: (a: number, b: number) => number;
    readonly paginatorcore_new: (a: any, b: number, c: number, d: any, e: number, f: any, g: any, h: any) => [
        number,
        number,
        number
    ];
    readonly paginatorcore_nextLink: (a: number, b: number) => [
        number,
        number
    ];
    readonly paginatorcore_page: (a: number, b: number, c: number, d: any, e: any, f: number, g: number, h: any) => number;
    readonly paginatorcore_prevLink: (a: number, b: number) => [
        number,
        number
    ];
    readonly paginatorcore_pull: (a: number, b: number, c: number, d: number) => number;
    readonly paginatorcore_pullWith: (a: number, b: number, c: number, d: number, e: number, f: number, g: number, h: number, i: number) => number;
    readonly paginatorcore_requestId: (a: number) => number;
    readonly paginatorcore_resumeToken: (a: number) => [
        number,
        number
    ];
    readonly paginatorcore_retryable: (a: number, b: number, c: number, d: number, e: number, f: number) => number;
    readonly paginatorcore_stats: (a: number, b: number) => [
        number,
        number
    ];
    readonly paginatorcore_stop: (a: number, b: number) => void;
    readonly paginatorcore_stopReason: (a: number) => number;
    readonly paginatorcore_takeInitError: (a: number) => [
        number,
        number
    ];
    readonly paginatorcore_timeLeft: (a: number, b: number) => number;
    readonly __wbindgen_malloc: (a: number, b: number) => number;
    readonly __wbindgen_realloc: (a: number, b: number, c: number, d: number) => number;
    readonly __wbindgen_free: (a: number, b: number, c: number) => void;
    readonly __wbindgen_exn_store: (a: number) => void;
    readonly __externref_table_alloc: () => number;
    readonly __wbindgen_externrefs: WebAssembly.Table;
    readonly __externref_table_dealloc: (a: number) => void;
    readonly __wbindgen_start: () => void;
}
export type SyncInitInput = BufferSource | WebAssembly.Module;
export function initSync(module: {
    module: SyncInitInput;
} | SyncInitInput): InitOutput;
export default function __wbg_init(module_or_path: {
    module_or_path: InitInput | Promise<InitInput>;
} | InitInput | Promise<InitInput>): Promise<InitOutput>;
export const __wbg_client_imports: object;
export const __wbg_keyed_imports: object;
