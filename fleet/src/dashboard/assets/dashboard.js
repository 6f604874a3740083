// The fleet dashboard's one script (served as a file: the CSP allows no inline script). The page is rendered by
// the server; this makes its forms and buttons call the same JSON Fleet API scripts use, with the session cookie,
// then renders the page again from the server and says what happened (the API's own message on an error). It also
// shows times in the viewer's locale, copies values, and shows a new service account key once.
/* global document, window, location, DOMParser */

const flash = document.querySelector('[data-testid="flash"]');
let flashTimer;

function say(kind, text) {
  if (!flash) return;
  clearTimeout(flashTimer);
  flash.dataset.kind = kind;
  flash.textContent = text;
  flash.hidden = false;
  if (kind === 'success') flashTimer = setTimeout(() => (flash.hidden = true), 6000);
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function localizeTimes(root) {
  for (const element of root.querySelectorAll('time[data-local-time]')) {
    const at = new Date(element.dateTime);
    if (Number.isNaN(at.getTime())) continue;
    element.title = element.dateTime;
    element.textContent = timeFormat.format(at);
  }
}

/** Calls the Fleet API; resolves to its JSON answer (null when empty), or throws with its `message`. */
async function callApi(action, body) {
  const [method, path] = action.split(' ');
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let answer = null;
  try {
    answer = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the status says enough.
  }
  if (!response.ok) {
    if (response.status === 401) throw new Error('Your session has ended: reload the page to sign in again.');
    throw new Error(answer?.message ?? `The fleet answered ${response.status} ${response.statusText}`);
  }
  return answer;
}

/** Renders the page again from the server, in place (the flash message and a new key's box survive). */
async function rerender() {
  const response = await fetch(location.pathname, { credentials: 'same-origin', headers: { accept: 'text/html' } });
  const next =
    response.ok && !response.redirected && new DOMParser().parseFromString(await response.text(), 'text/html');
  if (!next?.querySelector('main')) {
    location.reload();
    return;
  }
  for (const selector of ['main', '.sidenav', '.topbar']) {
    const fresh = next.querySelector(selector);
    if (fresh) document.querySelector(selector)?.replaceWith(document.adoptNode(fresh));
  }
  localizeTimes(document);
}

function formBody(form) {
  const body = {};
  for (const field of form.elements) {
    if (!field.name || field.disabled || field.type === 'submit' || field.type === 'button') continue;
    const value = field.value;
    body[field.name] = field.hasAttribute('data-null-if-empty') && value.trim() === '' ? null : value;
  }
  return body;
}

const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, key) => values[key] ?? '');

function showKey(name, key) {
  const slot = document.querySelector('[data-key-slot]');
  const template = document.getElementById('key-reveal-template');
  if (!slot || !template) return;
  const box = template.content.firstElementChild.cloneNode(true);
  box.querySelector('[data-key-name]').textContent = name;
  const input = box.querySelector('input');
  input.value = key;
  slot.replaceChildren(box);
  input.focus();
  input.select();
}

const dialog = document.querySelector('dialog.confirm');

/** Asks before something that cannot be undone; resolves true when confirmed. */
function confirmed(text, actionLabel) {
  if (!dialog) return Promise.resolve(true);
  dialog.querySelector('#confirm-text').textContent = text;
  dialog.querySelector('[value="ok"]').textContent = actionLabel || 'Confirm';
  dialog.returnValue = '';
  dialog.showModal();
  return new Promise((resolve) =>
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'ok'), { once: true }),
  );
}

async function act(element, body, controls) {
  for (const control of controls) control.disabled = true;
  element.setAttribute('aria-busy', 'true');
  try {
    const answer = await callApi(element.dataset.api, body);
    const message = fill(element.dataset.success || 'Done.', { ...body, ...answer });
    const focusedId = document.activeElement?.id;
    await rerender();
    if (focusedId) document.getElementById(focusedId)?.focus();
    if (element.hasAttribute('data-reveal-key') && answer?.key) showKey(answer.name, answer.key);
    say('success', message);
  } catch (error) {
    say('error', error.message);
  } finally {
    for (const control of controls) control.disabled = false;
    element.removeAttribute('aria-busy');
  }
}

document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof window.HTMLFormElement) || !form.dataset.api) return;
  event.preventDefault();
  void act(form, formBody(form), form.querySelectorAll('button'));
});

async function copy(button, value) {
  try {
    await navigator.clipboard.writeText(value);
    const label = button.textContent;
    button.textContent = 'Copied';
    setTimeout(() => (button.textContent = label), 1500);
  } catch {
    say('error', 'Copying was not allowed here: select the text and copy it yourself.');
  }
}

document.addEventListener('click', (event) => {
  const target = event.target instanceof window.Element ? event.target.closest('button') : null;
  if (!target) return;
  if (target.dataset.api && !target.form?.dataset.api) {
    void (async () => {
      if (target.dataset.confirm && !(await confirmed(target.dataset.confirm, target.dataset.confirmAction))) return;
      await act(target, undefined, [target]);
    })();
  } else if (target.dataset.copy !== undefined) {
    void copy(target, target.dataset.copy);
  } else if (target.dataset.copyFrom) {
    void copy(target, document.getElementById(target.dataset.copyFrom)?.value ?? '');
  } else if (target.hasAttribute('data-dismiss-key')) {
    document.querySelector('[data-key-slot]')?.replaceChildren();
  }
});

localizeTimes(document);
