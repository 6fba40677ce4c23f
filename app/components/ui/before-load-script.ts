/**
 * The document head's script of ADR 058 (`before-load.ts` says what each mark means): before a control's
 * code runs it holds a press on a form (`submit`) or a button (`press`) for the control to make once
 * live, swallows a press on a control not yet usable (`wait`), and notes each radio and checkbox ticked
 * (`choice`). A module of its own: the server's HTML carries it, the browser's bundle does not.
 */
export const beforeLoadScript =
  '(function(){var d=document,early=window.__gymbaseEarly={presses:new Set(),choices:new WeakMap()};' +
  "function awaiting(t,kind){return t&&t.closest?t.closest('[data-awaits-code=\"'+kind+'\"]'):null}" +
  "function hold(c){early.presses.add(c);c.setAttribute('data-held','')}" +
  // A tick, even on the radio already ticked (the person chose what they saw), and for a radio in place
  // of any other of its group ticked before.
  "function choose(t){if(!(t.type==='radio'||t.type==='checkbox')||!awaiting(t,'choice'))return false;" +
  "if(t.type==='radio')d.querySelectorAll('input[type=radio]').forEach(function(r){if(r.name===t.name)early.choices.delete(r)});" +
  'early.choices.set(t,t.checked);return true}' +
  "d.addEventListener('submit',function(e){var f=awaiting(e.target,'submit');if(!f)return;e.preventDefault();hold(f)},true);" +
  "d.addEventListener('click',function(e){if(choose(e.target))return;var c=awaiting(e.target,'press')||awaiting(e.target,'wait');if(!c)return;" +
  "e.preventDefault();e.stopPropagation();if(c.getAttribute('data-awaits-code')==='press')hold(c)},true);" +
  "d.addEventListener('change',function(e){choose(e.target)},true)})()"
