/**
 * The sign-in page's passkey behaviour, run after @simplewebauthn/browser's bundle. Plain
 * ES2017 in a string (not compiled code), so its CSP hash is fixed and it needs no build step.
 *
 * Each `form[data-webauthn-options]` gets a submit handler: fetch options (the server decides
 * between sign-in and sign-up from the e-mail field), run the ceremony, post the response as
 * hidden `action` and `data` fields. The form marked `data-conditional-ui` also offers the
 * user's passkeys in the e-mail field's autofill (WebAuthn conditional mediation).
 */
export const passkeyFormScript = `(function () {
  "use strict";
  var browser = window.SimpleWebAuthnBrowser;
  var forms = Array.prototype.slice.call(document.querySelectorAll("form[data-webauthn-options]"));
  if (!browser || !forms.length) return;

  function fieldsOf(form) {
    return Array.prototype.slice.call(form.querySelectorAll("input[data-form-field]"));
  }

  function showError(form, message) {
    var box = form.querySelector("[data-webauthn-error]");
    if (!box) return;
    // The page puts the message in the visitor's language on the box; the script stays one text (one CSP hash).
    box.textContent = box.getAttribute("data-failed-message") || message;
    box.hidden = false;
  }

  async function fetchOptions(form, action, withFields) {
    var url = new URL(form.getAttribute("data-webauthn-options"), window.location.href);
    if (action) url.searchParams.set("action", action);
    if (withFields) {
      fieldsOf(form).forEach(function (field) {
        if (field.value) url.searchParams.append(field.name, field.value);
      });
    }
    var response = await fetch(url.href, { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error("The passkey options request failed (" + response.status + ")");
    return response.json();
  }

  function submitResponse(form, action, data) {
    ["action", "data"].forEach(function (name) {
      var old = form.querySelector('input[type="hidden"][name="' + name + '"]');
      if (old) old.parentNode.removeChild(old);
    });
    [["action", action], ["data", JSON.stringify(data)]].forEach(function (pair) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = pair[0];
      input.value = pair[1];
      form.appendChild(input);
    });
    HTMLFormElement.prototype.submit.call(form);
  }

  var autofillForm = forms.filter(function (form) { return form.hasAttribute("data-conditional-ui"); })[0];

  async function startAutofill() {
    if (!autofillForm || !(await browser.browserSupportsWebAuthnAutofill())) return;
    try {
      var result = await fetchOptions(autofillForm, "authenticate", false);
      var response = await browser.startAuthentication({ optionsJSON: result.options, useBrowserAutofill: true });
      submitResponse(autofillForm, "authenticate", response);
    } catch (error) {
      // A modal ceremony started from the form aborts the autofill one: that is expected.
      if (!error || error.name !== "AbortError") console.error(error);
    }
  }

  forms.forEach(function (form) {
    if (!browser.browserSupportsWebAuthn()) {
      form.hidden = true;
      return;
    }
    form.addEventListener("submit", async function (event) {
      event.preventDefault();
      try {
        var result = await fetchOptions(form, undefined, true);
        var response = result.action === "register"
          ? await browser.startRegistration({ optionsJSON: result.options })
          : await browser.startAuthentication({ optionsJSON: result.options });
        submitResponse(form, result.action, response);
      } catch (error) {
        console.error(error);
        showError(form, "Passkey sign-in did not complete. Please try again.");
        startAutofill();
      }
    });
  });

  startAutofill();
})();`
