/**
 * A press on a form's button before the page's code has run (a slow phone, a fast thumb): the inline
 * script below, in the document's head, holds the press instead of letting the browser send the form
 * itself, and the form sends it once its code runs (`takeEarlyPress`), with what was typed meanwhile
 * taken over by the fields (`useTextTypedBeforeLoad`). Without it the press was lost and the person,
 * seeing nothing happen, wondered whether anything had been sent.
 */
export const earlyPressScript =
  "document.addEventListener('submit',function(e){if(document.documentElement.dataset.hydrated)return;" +
  'e.preventDefault();window.__gymbaseEarlyPress=e.target},true)'

declare global {
  interface Window {
    __gymbaseEarlyPress?: EventTarget | null
  }
}

/** Sends the form if it is the one pressed before the page's code ran (once). */
export function takeEarlyPress(form: HTMLFormElement | null) {
  if (!form || window.__gymbaseEarlyPress !== form) return
  window.__gymbaseEarlyPress = null
  form.requestSubmit()
}
