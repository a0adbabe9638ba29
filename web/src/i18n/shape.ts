/** The shape every language file must have: the French file's keys, with string leaves. */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
