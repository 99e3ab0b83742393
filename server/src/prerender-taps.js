/*
 * Taps on the prerendered copy of a public page (server/src/prerender.ts), inlined by the shell
 * server right after the copy (its hash is in the page's Content-Security-Policy).
 *
 * The copy is plain HTML: on a slow phone the interactive page takes over ~3 s after the first paint
 * (the shell and the marketing remote download and render, marketing/src/app/PrerenderHandoff.tsx).
 * Meanwhile this script keeps what the visitor does instead of ignoring it:
 *   - a tap (or Enter / Space) on a control — button, accordion, carousel arrow, tab, checkbox — is
 *     queued, the control shows it is pending (data-cz-pending, aria-busy), and once the live page has
 *     taken over the same control of the live page is clicked: the free-article dialog opens, the FAQ
 *     item unfolds, the carousel moves;
 *   - text typed into a form field is copied into the live field, and a native submit of the copy is
 *     prevented (the live form submits, with its checks, once the click on its button is replayed);
 *   - the focused control gets the focus back in the live page (a keyboard user keeps their place).
 * Links are left alone: the browser follows them.
 *
 * A control of the copy and its live twin are matched by what the visitor sees, not by generated ids:
 * tag name, role, accessible name (aria-label, the field's label, else its text), and rank among the
 * controls of the same name. A control the live page does not have is skipped.
 */
(function () {
  var COPY_ID = 'citable-prerender';
  var CONTROLS = 'button,[role="button"],[role="tab"],[role="switch"],[role="checkbox"],[role="radio"],summary,input,textarea,select';
  var FIELDS = { INPUT: 1, TEXTAREA: 1, SELECT: 1 };
  var copy = document.getElementById(COPY_ID);
  if (!copy || !window.MutationObserver) return;
  var parent = copy.parentNode;
  var clicks = [];
  var fields = [];
  var focused = null;

  // the copy's forms are inert in the HTML (a page read without JavaScript cannot submit them natively)
  var forms = copy.querySelectorAll('form[inert]');
  for (var i = 0; i < forms.length; i += 1) forms[i].removeAttribute('inert');

  function text(value) {
    return String(value || '').replace(/\s+/g, ' ').trim().slice(0, 120);
  }
  function nameOf(el) {
    if (el.getAttribute('aria-label')) return text(el.getAttribute('aria-label'));
    if (FIELDS[el.tagName]) return text((el.labels && el.labels[0] && el.labels[0].textContent) || el.getAttribute('placeholder') || el.getAttribute('name'));
    return text(el.textContent);
  }
  /** What the visitor sees of a control: its twin in the live page shows the same. */
  function signature(el) {
    return [el.tagName, el.getAttribute('role'), el.getAttribute('type'), nameOf(el)].join('|');
  }
  /** The key of a control of the copy: its signature and its rank among the controls that share it. */
  function keyOf(el) {
    var sign = signature(el);
    var all = copy.querySelectorAll(CONTROLS);
    var rank = 0;
    for (var j = 0; j < all.length && all[j] !== el; j += 1) if (signature(all[j]) === sign) rank += 1;
    return { el: el, sign: sign, rank: rank };
  }
  function twin(root, key) {
    var all = root.querySelectorAll(CONTROLS);
    var rank = 0;
    for (var j = 0; j < all.length; j += 1) {
      if (signature(all[j]) === key.sign) {
        if (rank === key.rank) return all[j];
        rank += 1;
      }
    }
    return null;
  }
  function controlOf(target) {
    var el = target && target.closest ? target.closest(CONTROLS + ',a[href]') : null;
    return el && copy.contains(el) && el.tagName !== 'A' ? el : null;
  }

  document.addEventListener('click', function (event) {
    var el = controlOf(event.target);
    if (!el || FIELDS[el.tagName]) return;
    event.preventDefault();
    var last = clicks[clicks.length - 1];
    // a second tap on the same control while waiting is impatience, not a second toggle
    if (!last || last.el !== el) clicks.push(keyOf(el));
    el.setAttribute('data-cz-pending', '');
    el.setAttribute('aria-busy', 'true');
  }, true);
  document.addEventListener('submit', function (event) {
    if (copy.contains(event.target)) event.preventDefault();
  }, true);
  document.addEventListener('input', function (event) {
    var el = controlOf(event.target);
    if (!el || !FIELDS[el.tagName]) return;
    for (var j = 0; j < fields.length; j += 1) if (fields[j].el === el) return;
    fields.push(keyOf(el));
  }, true);
  document.addEventListener('focusin', function (event) {
    var el = controlOf(event.target);
    focused = el ? keyOf(el) : null;
  }, true);

  function setValue(el, value) {
    var proto = el.tagName === 'TEXTAREA' ? HTMLTextAreaElement.prototype : el.tagName === 'SELECT' ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    var setter = Object.getOwnPropertyDescriptor(proto, 'value').set;
    // the native setter, so React's controlled input sees a change
    setter.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }

  /**
   * Hands what was kept to the live page: typed text first, then the focus, then the taps in their
   * order. A twin the live page renders later (the contact form arrives when it nears the viewport) is
   * waited for, 10 s at most.
   */
  function replay(root) {
    var todo = [];
    for (var j = 0; j < fields.length; j += 1) todo.push({ key: fields[j], run: copyValue });
    if (focused && !(document.activeElement && document.activeElement !== document.body)) todo.push({ key: focused, run: focus });
    for (var k = 0; k < clicks.length; k += 1) todo.push({ key: clicks[k], run: click });
    function attempt() {
      // in order: a tap waits for the text typed before it (a form's submit button after its fields);
      // a control the live page has not enabled yet (a carousel before its script starts) is waited for
      while (todo.length) {
        var live = twin(root, todo[0].key);
        if (!live || (todo[0].run === click && (live.disabled || live.getAttribute('aria-disabled') === 'true'))) return false;
        var item = todo.shift();
        item.run(live, item.key.el);
      }
      return true;
    }
    if (attempt()) return;
    var watcher = new MutationObserver(function () {
      if (attempt()) watcher.disconnect();
    });
    watcher.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'aria-disabled'] });
    // what has not come after 10 s will not: the rest is still handed over
    setTimeout(function () {
      watcher.disconnect();
      while (todo.length && !attempt()) todo.shift();
    }, 10000);
  }
  function copyValue(live, field) {
    if (field.value !== live.value) setValue(live, field.value);
  }
  function focus(live) {
    if (!document.activeElement || document.activeElement === document.body) live.focus();
  }
  function click(live) {
    live.click();
  }

  // the live page removes the copy in the commit that completes it (PrerenderHandoff)
  new MutationObserver(function (records, observer) {
    if (copy.isConnected) return;
    observer.disconnect();
    var root = document.querySelector('[data-remote-root="marketing"]');
    if (root) replay(root);
  }).observe(parent, { childList: true });
})();
