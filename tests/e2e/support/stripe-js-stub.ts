import type { Page } from '@playwright/test'
import type { FakeStripe } from './fake-stripe'

/**
 * Where `@stripe/stripe-js` (10.x, release train "endive") loads Stripe.js from: `loadStripe` adds
 * `<script src="https://js.stripe.com/endive/stripe.js">` (node_modules/@stripe/stripe-js/dist/pure.mjs,
 * `STRIPE_JS_URL`), with `?advancedFraudSignals=false` when asked.
 */
export const stripeJsUrl = /^https:\/\/js\.stripe\.com\/(v3|[a-z]+)\/stripe\.js(\?.*)?$/

/**
 * A stand-in for Stripe.js with what `@stripe/react-stripe-js` and our card form use: `Stripe(key,
 * { stripeAccount })`, `elements({ clientSecret })`, `elements.create('payment')` mounting a plain
 * (frame-less) card form, the element's `ready` event, and `confirmSetup({ elements, confirmParams,
 * redirect })`. Like the real one, `confirmSetup` sends the card to Stripe's API
 * (`POST https://api.stripe.com/v1/setup_intents/:id/confirm` with the publishable key and the client
 * secret), never to the page's own server; a 3-D Secure card opens a modal (the bank's challenge) and
 * finishes there, on-session. What the page asked of it is kept in `window.__stripeStub`.
 */
/** What the stub records on the page's window, for the tests to read. */
declare global {
  interface Window {
    __stripeStub?: {
      instances: unknown[]
      confirmSetup: number
      handleNextAction: number
      elements: unknown[]
      lastConfirm?: unknown
    }
  }
}

const stub = String.raw`
(function () {
  var calls = (window.__stripeStub = { instances: [], confirmSetup: 0, handleNextAction: 0, elements: [] });
  var api = 'https://api.stripe.com';

  function form(fields) {
    return Object.keys(fields)
      .map(function (key) { return encodeURIComponent(key) + '=' + encodeURIComponent(fields[key]); })
      .join('&');
  }

  function post(path, fields) {
    return fetch(api + path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form(fields),
    }).then(function (response) { return response.json(); });
  }

  function field(container, label, placeholder, autocomplete) {
    var wrap = document.createElement('label');
    wrap.style.display = 'flex';
    wrap.style.flexDirection = 'column';
    wrap.textContent = label;
    var input = document.createElement('input');
    input.placeholder = placeholder;
    input.autocomplete = autocomplete;
    input.inputMode = 'numeric';
    input.style.border = '1px solid #cbd5e1';
    input.style.padding = '6px';
    wrap.appendChild(input);
    container.appendChild(wrap);
    return input;
  }

  function paymentElement() {
    var handlers = {};
    var inputs = null;
    var node = null;
    return {
      mount: function (target) {
        node = document.createElement('div');
        node.setAttribute('role', 'group');
        node.setAttribute('aria-label', 'Stripe payment details');
        inputs = {
          number: field(node, 'Card number', '1234 1234 1234 1234', 'cc-number'),
          expiry: field(node, 'Expiration date', 'MM / YY', 'cc-exp'),
          cvc: field(node, 'Security code', 'CVC', 'cc-csc'),
        };
        target.appendChild(node);
        setTimeout(function () { (handlers.ready || []).forEach(function (h) { h({ elementType: 'payment' }); }); }, 0);
      },
      on: function (event, handler) { (handlers[event] = handlers[event] || []).push(handler); },
      off: function (event, handler) {
        handlers[event] = (handlers[event] || []).filter(function (h) { return h !== handler; });
      },
      update: function () {},
      collapse: function () {},
      focus: function () { if (inputs) inputs.number.focus(); },
      blur: function () {},
      clear: function () {},
      unmount: function () { if (node && node.parentNode) node.parentNode.removeChild(node); },
      destroy: function () { if (node && node.parentNode) node.parentNode.removeChild(node); node = null; },
      values: function () {
        return {
          number: inputs.number.value.replace(/\D/g, ''),
          expiry: inputs.expiry.value.replace(/\s/g, ''),
          cvc: inputs.cvc.value.trim(),
        };
      },
    };
  }

  function challenge(intent, account, clientSecret, kind) {
    return new Promise(function (resolve) {
      var modal = document.createElement('div');
      modal.setAttribute('role', 'dialog');
      modal.setAttribute('aria-label', '3D Secure test authentication');
      modal.style.cssText = 'position:fixed;inset:20%;background:#fff;border:2px solid #000;z-index:9999;padding:16px';
      ['Complete', 'Fail'].forEach(function (name) {
        var button = document.createElement('button');
        button.type = 'button';
        button.textContent = name + ' authentication';
        button.onclick = function () {
          document.body.removeChild(modal);
          post('/v1/' + (kind || 'setup_intents') + '/' + intent.id + '/authenticate', {
            result: name.toLowerCase() === 'complete' ? 'complete' : 'fail',
            client_secret: clientSecret,
            key: calls.instances[calls.instances.length - 1].key,
            _stripe_account: account || '',
          }).then(resolve);
        };
        modal.appendChild(button);
      });
      document.body.appendChild(modal);
    });
  }

  function Stripe(key, options) {
    var account = (options && options.stripeAccount) || null;
    calls.instances.push({ key: key, stripeAccount: account });
    var element = null;
    var clientSecret = null;
    return {
      elements: function (elementsOptions) {
        clientSecret = elementsOptions && elementsOptions.clientSecret;
        calls.elements.push({ clientSecret: clientSecret });
        return {
          create: function (type) {
            if (type !== 'payment') throw new Error('The stub has only the Payment Element');
            element = paymentElement();
            return element;
          },
          getElement: function () { return element; },
          update: function () {},
          fetchUpdates: function () { return Promise.resolve({}); },
          submit: function () { return Promise.resolve({}); },
        };
      },
      confirmSetup: function (confirm) {
        calls.confirmSetup += 1;
        calls.lastConfirm = { returnUrl: confirm.confirmParams && confirm.confirmParams.return_url, redirect: confirm.redirect };
        var card = element.values();
        if (card.number.length < 12) {
          return Promise.resolve({ error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } });
        }
        var expiry = /^(\d{2})\/(\d{2})$/.exec(card.expiry);
        if (!expiry) {
          return Promise.resolve({ error: { type: 'validation_error', code: 'incomplete_expiry', message: 'Your card’s expiration date is incomplete.' } });
        }
        var setupId = clientSecret.split('_secret_')[0];
        return post('/v1/setup_intents/' + setupId + '/confirm', {
          key: key,
          _stripe_account: account || '',
          client_secret: clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': card.number,
          'payment_method_data[card][exp_month]': expiry[1],
          'payment_method_data[card][exp_year]': '20' + expiry[2],
          'payment_method_data[card][cvc]': card.cvc,
          return_url: (confirm.confirmParams && confirm.confirmParams.return_url) || '',
        }).then(function (answer) {
          if (answer.error) return { error: answer.error };
          if (answer.status === 'requires_action') {
            return challenge(answer, account, clientSecret).then(function (after) {
              return after.error ? { error: after.error } : { setupIntent: after };
            });
          }
          return { setupIntent: answer };
        });
      },
      handleNextAction: function (options) {
        calls.handleNextAction += 1;
        var secret = options.clientSecret;
        var intentId = secret.split('_secret_')[0];
        var query = '?client_secret=' + encodeURIComponent(secret) + '&key=' + encodeURIComponent(key) +
          '&_stripe_account=' + encodeURIComponent(account || '');
        return fetch(api + '/v1/payment_intents/' + intentId + query)
          .then(function (response) { return response.json(); })
          .then(function (intent) {
            if (intent.error) return { error: intent.error };
            if (intent.status !== 'requires_action') {
              return { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'This PaymentIntent needs no action.' } };
            }
            return challenge(intent, account, secret, 'payment_intents').then(function (after) {
              return after.error ? { error: after.error } : { paymentIntent: after };
            });
          });
      },
      retrieveSetupIntent: function () { return Promise.resolve({}); },
      createToken: function () { return Promise.resolve({}); },
      createPaymentMethod: function () { return Promise.resolve({}); },
      confirmCardPayment: function () { return Promise.resolve({}); },
      _registerWrapper: function () {},
      registerAppInfo: function () {},
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`

/**
 * Answers the page's request for Stripe.js with the stub, and its calls to Stripe's API with the fake's
 * answers (with the headers a cross-origin answer needs). Counts the script's loads in `loads`.
 */
export async function routeStripeJs(page: Page, fake: FakeStripe): Promise<{ loads: number }> {
  const seen = { loads: 0 }
  await page.route(stripeJsUrl, (route) => {
    seen.loads += 1
    return route.fulfill({ status: 200, contentType: 'application/javascript', body: stub })
  })
  await page.route('https://api.stripe.com/**', async (route) => {
    const request = route.request()
    const url = new URL(request.url())
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' }
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors })
    const answer = fake.handle({
      method: request.method(),
      path: url.pathname,
      query: url.searchParams,
      headers: await request.allHeaders(),
      body: request.postData() ?? '',
    })
    return route.fulfill({
      status: answer.status,
      headers: cors,
      contentType: 'application/json',
      body: JSON.stringify(answer.body),
    })
  })
  return seen
}
