/**
 * A JSON Schema or OpenAPI node as the document builders walk and rewrite it: its shape is open by nature (any
 * keyword, nested at any depth), so its values are typed by the code that reads them.
 */
// biome-ignore lint/suspicious/noExplicitAny: an open JSON node; each reader narrows what it reads.
export type JsonNode = Record<string, any>;
