/** The parser's one function (the package ships no types): families with their samples. */
declare module 'parse-prometheus-text-format' {
  export default function parsePrometheusTextFormat(text: string): unknown[];
}
