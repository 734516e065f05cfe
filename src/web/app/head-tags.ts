/** A <title>, <meta> or <link> tag as the build's index.html, the server and React write them. */
const HEAD_TAG = /<title>[\s\S]*?<\/title>|<meta [^>]*>|<link [^>]*>/gu;

/** What makes two head tags the same: the title, a <meta> by its name or property, the canonical link. */
function headTagKey(tag: string): string | null {
  if (tag.startsWith('<title>')) return 'title';
  const meta = /^<meta (name|property)="([^"]+)"/u.exec(tag);
  if (meta) return `${meta[1]}=${meta[2]}`;
  return tag.startsWith('<link rel="canonical"') ? 'canonical' : null;
}

/** The tags in `html`, a run of head tags such as React writes before a page. */
export function headTagsIn(html: string): string[] {
  return html.match(HEAD_TAG) ?? [];
}

/**
 * `html` (a page or the start of one) with `tags` at the end of its head, each in place of the tag of
 * the same title, name, property or canonical link already there: a page's own description replaces
 * the site's, and a tag given twice counts once (the last).
 */
export function withHeadTags(html: string, tags: readonly string[]): string {
  const keyed = new Map<string, string>();
  const unkeyed: string[] = [];
  for (const tag of tags) {
    const key = headTagKey(tag);
    if (key === null) unkeyed.push(tag);
    else keyed.set(key, tag);
  }
  const headEnd = html.indexOf('</head>');
  if (headEnd === -1) throw new Error('The page has no </head>');
  const head = html.slice(0, headEnd).replace(/\s*(<title>[\s\S]*?<\/title>|<meta [^>]*>|<link [^>]*>)/gu, (whole, tag: string) => {
    const key = headTagKey(tag);
    return key !== null && keyed.has(key) ? '' : whole;
  });
  const added = [...keyed.values(), ...unkeyed];
  return `${head}\n    ${added.join('\n    ')}\n  ${html.slice(headEnd)}`;
}
