// Small pieces every section shows alike: a moment in time (ISO in `datetime`, the viewer's locale put in by the
// script), a role, an empty list that says what to do, a table that scrolls on a narrow screen.
import { html, type Html, type HtmlValue } from './html';

/** UTC, minute precision: what a reader without the script sees; the script shows the viewer's local time. */
export function time(ms: number, testId?: string): Html {
  const iso = new Date(ms).toISOString();
  return html`<time datetime="${iso}" data-local-time${testId ? html` data-testid="${testId}"` : ''}
    >${iso.slice(0, 16).replace('T', ' ')} UTC</time
  >`;
}

export const roleBadge = (role: string): Html =>
  html`<span class="badge badge-role" data-role="${role}">${role}</span>`;

export const emptyState = (testId: string, title: string, hint: HtmlValue): Html =>
  html`<div class="empty" data-testid="${testId}">
    <p class="empty-title">${title}</p>
    <p>${hint}</p>
  </div>`;

export const table = (testId: string, caption: string, head: readonly string[], rows: readonly Html[]): Html =>
  html`<div class="table-wrap">
    <table data-testid="${testId}">
      <caption class="visually-hidden">
        ${caption}
      </caption>
      <thead>
        <tr>
          ${head.map((h) => html`<th scope="col">${h}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table>
  </div>`;

export const section = (id: string, title: string, intro: HtmlValue, body: HtmlValue): Html =>
  html`<section class="card" id="${id}" data-testid="section-${id}" aria-labelledby="${id}-title">
    <header class="card-head">
      <h2 id="${id}-title">${title}</h2>
      ${intro ? html`<p class="card-intro">${intro}</p>` : ''}
    </header>
    ${body}
  </section>`;
