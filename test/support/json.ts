/** A JSON document as the tests read answers and write bodies: any shape, checked by the assertions that use it. */
export type Json = Record<string, any>;
