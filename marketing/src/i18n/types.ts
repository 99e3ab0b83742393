import type en from '../locales/en/messages';

type Widen<T> = T extends string ? string : T extends readonly (infer U)[] ? readonly Widen<U>[] : { [K in keyof T]: Widen<T[K]> };

/** Shape of the `marketing` namespace: the English resources with literal types widened to string. */
export type MarketingResources = Widen<typeof en>;
