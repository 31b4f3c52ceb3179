// elicit-gen URL consent page. Static: the same text in every page, allowed by its sha256 in the
// page's Content-Security-Policy. The request arrives at run time through
// window.elicitation.showUrl({message, url, server, elicitationId, revision}); its text reaches
// the DOM only through textContent, and the Open link's href is the check's href (the URL
// serialised from the parts checkUrl judged, which is also the full address shown), only when
// checkUrl says it may be opened. Nothing opens but the user's own click on that link. The
// session's protocol revision decides what follows the click: 2025-11-25 (the default) answers
// accept at once, and its server will say when the step is done (complete()); 2026-07-28 has no
// such notification, so the page waits for the user's "I've finished" (accept) or Cancel.
(() => {
  "use strict";

  const doc = document;
  const byId = (id) => doc.getElementById(id);

  // --- Showing text safely, and bounds on what the server sends ----------------------------
  // safeText, safeBlock and clip are safetext.js's (before this file in the page's one script),
  // with the one set of unsafe characters generated from runtime/safetext.py: the form page's.
  // A megabyte of server name or message would freeze the page: clip cuts both before the page
  // shows them (a name to MAX_NAME_LENGTH, clip's default), "…" marking the cut; lengths count
  // code points, as Python's len() does. MAX_MESSAGE_LENGTH and MAX_URL_LENGTH (a longer URL is
  // refused, and shown cut) are generated from Python's (consent_data.js), and so are
  // NOTIFIED_REVISIONS, the revisions whose server says when a URL-mode step is done.

  // --- The page ---------------------------------------------------------------------------------

  const serverBadge = byId("eg-server");
  const asksServer = byId("eg-asks-server");
  const asks = byId("eg-asks");
  const message = byId("eg-message");
  const dest = byId("eg-dest");
  const destLabel = byId("eg-dest-label");
  const domain = byId("eg-domain");
  const readable = byId("eg-domain-readable");
  const address = byId("eg-url");
  const warningList = byId("eg-warnings");
  const refusal = byId("eg-refusal");
  const refusalText = byId("eg-refusal-text");
  const actions = byId("eg-actions");
  const open = byId("eg-open");
  const decline = byId("eg-decline");
  const finished = byId("eg-finished");
  const status = byId("eg-status");
  const done = byId("eg-done");
  const DEFAULT_SERVER = serverBadge.textContent;
  // Opt-in for pages shown in a (cross-origin) frame: ?origin=<the embedder's origin> also posts
  // the result to the parent window, to that origin only (as the form pages do).
  const postTo = new URLSearchParams(window.location.search).get("origin");

  let request = null; // {url, elicitationId, revision, check} once showUrl was called
  let delivered = null;
  let completed = false;
  let serverName = DEFAULT_SERVER;
  // 2026-07-28: the user, not a notification, says when the step is done (consent_args.py's
  // finished_by_user); waiting: the link was opened, "I've finished" not yet chosen.
  let byUser = false;
  let waiting = false;

  function finishedByUser(revision) {
    return revision !== undefined && revision !== null && !NOTIFIED_REVISIONS.includes(String(revision));
  }

  let resolveResult;
  const result = new Promise((resolve) => {
    resolveResult = resolve;
  });

  function setServer(name) {
    const text = name === null || name === undefined ? "" : String(name);
    serverName = text.trim() === "" ? DEFAULT_SERVER : safeText(clip(text));
    serverBadge.textContent = serverName;
    asksServer.textContent = serverName;
  }

  function setMessage(text) {
    if (text !== null && text !== undefined) {
      message.textContent = safeBlock(clip(String(text), MAX_MESSAGE_LENGTH));
    }
  }

  function showDone(action, text) {
    done.textContent = text;
    done.dataset.action = action;
    done.hidden = false;
  }

  function deliver(outcome) {
    if (delivered || request === null) return;
    delivered = Object.freeze(outcome);
    const doneText = {
      accept: byUser
        ? _t("{server} will now check that the step is done.", { server: serverName })
        : _t("Continue in your browser. {server} will say when this step is complete.", { server: serverName }),
      decline: _t("You declined this request."),
      cancel: _t("You cancelled this request."),
    };
    showDone(outcome.action, doneText[outcome.action]);
    // Later: the link's own activation (opening the page) runs after its click listeners.
    setTimeout(() => {
      open.removeAttribute("href");
      actions.hidden = true;
      done.focus();
    }, 0);
    resolveResult(delivered);
    doc.dispatchEvent(new CustomEvent("elicitation-result", { detail: delivered }));
    if (postTo !== null && window.parent !== window) {
      try {
        window.parent.postMessage({ type: "elicitation-result", result: delivered }, postTo);
      } catch (error) {
        console.error(`elicitation: cannot post the result to origin ${JSON.stringify(postTo)}`);
      }
    }
  }

  /** Shows the request; call it once per page (one page per request keeps requests apart). */
  function showUrl(params) {
    if (request !== null) throw new Error("elicitation: this page already shows a request");
    const given = params !== null && typeof params === "object" ? params : {};
    const url = typeof given.url === "string" ? given.url : "";
    const check = urlcheck.checkUrl(url);
    const id = given.elicitationId;
    const revision = given.revision === undefined || given.revision === null ? null : String(given.revision);
    byUser = finishedByUser(revision);
    request = Object.freeze({ url, elicitationId: id === undefined || id === null ? null : String(id), revision, check });
    setServer(given.server);
    message.textContent = "";
    setMessage(given.message);
    if (check.domain) {
      // A name that imitates another: headlined as what it really is (its xn-- form), the
      // look-alike letters only below it, and the warnings above it all.
      domain.textContent = safeText(check.lookalike ? check.asciiDomain : check.domain);
      if (check.lookalike) {
        readable.textContent = _t("Written in the link as: {domain}", { domain: safeText(check.domain) });
        readable.hidden = false;
      }
    } else {
      domain.hidden = true;
      destLabel.textContent = _t("The address");
    }
    // The full address is the one Open opens; a refused URL is shown as sent (cut when longer
    // than any URL a screen shows).
    const shown = check.openable ? check.href : clip(url, MAX_URL_LENGTH + 1);
    address.textContent = shown ? safeText(shown) : _t("(no address)");
    dest.hidden = false;
    if (check.lookalike) dest.before(warningList);
    for (const text of check.warnings) {
      const item = doc.createElement("li");
      item.className = "warning";
      const mark = doc.createElement("strong");
      // the language's "Warning: {warning}" around the check's sentence, its label in bold
      // (the Python screens split the same message)
      const [before, after] = _t("Warning: {warning}").split("{warning}", 2);
      mark.textContent = before.trimEnd();
      item.append(mark, before.slice(mark.textContent.length), text, after || "");
      warningList.append(item);
    }
    if (check.openable) {
      open.href = check.href; // never the URL as sent: what the check judged, as shown above
      // Never the emphasised action (the markup gives it none), as in every consent screen
      // (runtime/core/consent_flow.py): a borrowed or look-alike name must not make Open the
      // obvious next step.
      open.hidden = false;
    } else {
      refusalText.textContent = check.refusal;
      refusal.hidden = false;
      open.remove(); // no Open action at all
    }
    actions.hidden = false;
    asks.focus(); // focus on the question, never on an action: Enter does nothing
    return result;
  }

  /** The server says the step in the browser is done (2025-11-25): the waiting state says so. */
  function complete() {
    if (delivered === null || delivered.action !== "accept" || completed || byUser) return false;
    completed = true;
    showDone("accept", _t("Completed in your browser."));
    return true;
  }

  /** 2026-07-28, after the click on Open: no notification will say when the step is done, so
   * the question stays, unanswered; only "I've finished" and Cancel are left. */
  function waitForUser() {
    waiting = true;
    status.textContent = _t("Continue in the new tab, then come back and choose I've finished.");
    // Later: the link's own activation (opening the page) runs after its click listeners.
    setTimeout(() => {
      open.removeAttribute("href");
      open.hidden = true;
      decline.hidden = true;
      finished.hidden = false;
      asks.focus(); // never on an action: Enter alone answers nothing
    }, 0);
  }

  const opened = (event) => {
    // Only the link's own activation by the user; its default action opens the page.
    if (!event.isTrusted || delivered || waiting || !open.hasAttribute("href")) return;
    if (byUser) {
      waitForUser();
      return;
    }
    deliver({ action: "accept" });
  };
  open.addEventListener("click", opened);
  open.addEventListener("auxclick", (event) => {
    if (event.button === 1) opened(event);
  });
  decline.addEventListener("click", () => {
    if (!waiting) deliver({ action: "decline" });
  });
  finished.addEventListener("click", (event) => {
    // The user's own click, after the link was opened: a script cannot say it for them.
    if (event.isTrusted && waiting) deliver({ action: "accept" });
  });
  byId("eg-cancel").addEventListener("click", () => deliver({ action: "cancel" }));
  doc.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !event.isComposing && !event.defaultPrevented && !delivered) {
      event.preventDefault();
      deliver({ action: "cancel" });
    }
  });
  // Closing or leaving the page without an answer cancels.
  window.addEventListener("pagehide", () => deliver({ action: "cancel" }));

  // --- The page's API -----------------------------------------------------------------------------

  Object.defineProperty(window, "elicitation", {
    value: Object.freeze({
      result,
      showUrl,
      complete,
      setServer,
      setMessage,
      checkUrl: urlcheck.checkUrl,
      safeText,
      safeBlock,
      get request() {
        return request;
      },
      get elicitationId() {
        return request === null ? null : request.elicitationId;
      },
    }),
    enumerable: true,
  });
})();
