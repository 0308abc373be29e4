/**
 * The shape of a text table with every text as `string`: a feature's English table is typed
 * `TextsOf<typeof itsVietnameseTable>`, so a key missing from English, or one English has that Vietnamese
 * lacks, fails `tsc`.
 */
export type TextsOf<T> = { [K in keyof T]: T[K] extends string ? string : TextsOf<T[K]> };
