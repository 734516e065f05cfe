/**
 * A `<script type="application/json">` element holding `value`: data, not code, so the CSP allows it
 * without a nonce, and it fetches nothing. `<` and the JavaScript line breaks are escaped, so no text
 * in the value can close the element.
 */
export function jsonDataElement(id: string, value: unknown): string {
  const json = JSON.stringify(value).replaceAll('<', '\\u003c').replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029');
  return `<script type="application/json" id="${id}">${json}</script>`;
}
