// HTML built by a tagged template that escapes every value it is given: a page is text the server wrote plus
// values from the store (names, e-mails, URLs), and only the first is markup. A value is inserted as markup only
// when it is itself an `Html` (a fragment built the same way), so nothing from the store can open a tag.
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type HtmlValue = Html | string | number | null | undefined | false | readonly HtmlValue[];

/** Text made safe inside elements and inside quoted attribute values. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const render = (value: HtmlValue): string => {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
};

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let text = strings[0]!;
  values.forEach((value, i) => (text += render(value) + strings[i + 1]!));
  return new Html(text);
}
